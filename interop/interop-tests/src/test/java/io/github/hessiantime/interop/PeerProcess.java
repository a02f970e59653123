package io.github.hessiantime.interop;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One peer JVM ({@code java -cp <flavour classpath> PeerMain}) behind its own {@link FrameCountingProxy}: the
 * provider listens on a free port and registers the proxy's port, so every call to it is counted.
 * Processes are always destroyed: by {@link #close()}, and by a JVM shutdown hook if the test run dies.
 */
final class PeerProcess implements AutoCloseable {

    /** Peer flavours: one Maven module each under interop/, whose classpath was written to target/classpath.txt. */
    enum Flavour {
        NEW("peer-new", true),
        DUBBO_336("peer-dubbo336", true),
        DUBBO_32("peer-dubbo32", true),
        DUBBO_27("peer-dubbo27", false);

        /** Whether calls to a provider of this flavour go through its counting proxy. */
        boolean countedAsProvider() {
            return dubbo3;
        }

        final String module;
        final boolean dubbo3;

        Flavour(String module, boolean dubbo3) {
            this.module = module;
            this.dubbo3 = dubbo3;
        }
    }

    // PeerMain is not on this module's classpath (only on the peers'), so it is named here.
    private static final String PEER_MAIN = "io.github.hessiantime.interop.PeerMain";
    private static final String ANSWER = "@@ ";

    /**
     * 127.0.0.1 written as one decimal number. Dubbo refuses hosts starting with "127." for binding and registering
     * (NetUtils.isInvalidLocalHost) and would then bind every interface and register a non-loopback address;
     * this spelling passes that string check and still resolves to the loopback address.
     */
    static final String LOOPBACK_HOST = "2130706433";

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(Process::destroyForcibly)));
    }

    final String name;
    final Flavour flavour;
    final FrameCountingProxy proxy;
    final FrameCountingProxy tripleProxy;
    private final Process process;
    private final PrintWriter commands;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();

    private PeerProcess(String name, Flavour flavour, FrameCountingProxy proxy, FrameCountingProxy tripleProxy,
                        Process process, Path log) {
        this.name = name;
        this.flavour = flavour;
        this.proxy = proxy;
        this.tripleProxy = tripleProxy;
        this.process = process;
        this.commands = new PrintWriter(new BufferedWriter(
                new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)), true);
        Thread reader = new Thread(() -> readOutput(log), "output-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    static PeerProcess start(String name, Flavour flavour) throws IOException {
        return start(name, flavour, List.of());
    }

    /** {@code systemProperties}: extra {@code -D} options for the peer, e.g. Dubbo configuration properties. */
    static PeerProcess start(String name, Flavour flavour, List<String> systemProperties) throws IOException {
        Path peers = Paths.get(System.getProperty("interop.peers"));
        Path logs = Paths.get(System.getProperty("interop.logs"));
        Files.createDirectories(logs);
        String classpath = Files.readString(peers.resolve(flavour.module).resolve("target/classpath.txt")).trim();

        int dubboPort = freeProviderPort();
        FrameCountingProxy proxy = new FrameCountingProxy(name, dubboPort);
        int triplePort = freeProviderPort();
        FrameCountingProxy tripleProxy = new FrameCountingProxy(name + "-tri", triplePort);
        List<String> command = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Xmx256m", "-XX:+UseSerialGC",
                "-Djava.net.preferIPv4Stack=true",
                // peer set-up, not hessian-time settings: no qos ports, plain interface-level registration
                "-Ddubbo.application.qos-enable=false", "-Ddubbo.application.qos.enable=false",
                "-Ddubbo.application.register-mode=interface",
                "-Ddubbo.application.service-discovery.migration=FORCE_INTERFACE",
                "-Ddubbo.registry.use-as-metadata-center=false", "-Ddubbo.registry.use-as-config-center=false",
                "-Ddubbo.service.shutdown.wait=3000"));
        if (!flavour.dubbo3) {
            // Dubbo 2.7 predates the module system; these are the opens it needs on JDK 17.
            command.addAll(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
                    "--add-opens", "java.base/java.math=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED"));
        }
        command.addAll(systemProperties);
        command.addAll(List.of("-cp", classpath, PEER_MAIN, name, Integer.toString(dubboPort),
                LOOPBACK_HOST, Integer.toString(triplePort)));

        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (flavour.dubbo3) {
            // bind the dubbo port, register the proxy's
            builder.environment().put("DUBBO_PORT_TO_BIND", Integer.toString(dubboPort));
            builder.environment().put("DUBBO_PORT_TO_REGISTRY", Integer.toString(proxy.port()));
            builder.environment().put("TRI_DUBBO_PORT_TO_BIND", Integer.toString(triplePort));
            builder.environment().put("TRI_DUBBO_PORT_TO_REGISTRY", Integer.toString(tripleProxy.port()));
        }
        // Dubbo 2.7.23 binds the DUBBO_PORT_TO_REGISTRY port itself (so it collides with the proxy): its providers
        // register their own port and calls to them bypass the proxy.
        Process process = builder.start();
        LIVE.add(process);
        PeerProcess peer = new PeerProcess(name, flavour, proxy, tripleProxy, process, logs.resolve(name + ".log"));
        return peer;
    }

    private void readOutput(Path log) {
        try (BufferedReader output = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer logWriter = Files.newBufferedWriter(log)) {
            for (String line; (line = output.readLine()) != null; ) {
                logWriter.write(line);
                logWriter.write('\n');
                if (line.startsWith(ANSWER)) {
                    answers.add(line.substring(ANSWER.length()));
                    logWriter.flush();
                }
            }
        } catch (IOException e) {
            answers.add("FAIL output of " + name + " unreadable: " + e);
        }
        answers.add("FAIL " + name + " exited");
    }

    /** The next answer line, failing the test if none comes within {@code timeout}. */
    String awaitAnswer(Duration timeout) throws InterruptedException {
        String answer = answers.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (answer == null) {
            throw new AssertionError(name + ": no answer within " + timeout + " (see target/peer-logs/" + name + ".log)");
        }
        return answer;
    }

    /** Sends a command and returns its answer, which must start with "OK". */
    String ok(String command, Duration timeout) throws InterruptedException {
        String answer = send(command, timeout);
        if (!answer.startsWith("OK")) {
            throw new AssertionError(name + ": '" + command + "' answered " + answer
                    + " (see target/peer-logs/" + name + ".log)");
        }
        return answer;
    }

    String send(String command, Duration timeout) throws InterruptedException {
        commands.println(command);
        return awaitAnswer(timeout);
    }

    /** Asks the peer to exit (Dubbo's graceful shutdown runs) and waits for the process to end. */
    void exitGracefully(Duration timeout) throws InterruptedException {
        ok("exit", timeout);
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(name + " did not exit within " + timeout);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            commands.close();
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            LIVE.remove(process);
            proxy.close();
            tripleProxy.close();
        }
    }

    private static final Set<Integer> PROVIDER_PORTS_GIVEN = ConcurrentHashMap.newKeySet();

    /**
     * A free port below the usual ephemeral range (32768+), for a peer to bind later. Proxies, ZooKeeper and client
     * sockets get ephemeral ports from the OS, so they cannot take it in the meantime; peers never share one.
     */
    static int freeProviderPort() throws IOException {
        java.util.Random random = new java.util.Random();
        for (int attempt = 0; attempt < 200; attempt++) {
            int candidate = 21000 + random.nextInt(11000);
            if (!PROVIDER_PORTS_GIVEN.contains(candidate)) {
                try (ServerSocket socket = new ServerSocket(candidate, 1, InetAddress.getLoopbackAddress())) {
                    PROVIDER_PORTS_GIVEN.add(candidate);
                    return socket.getLocalPort();
                } catch (IOException taken) {
                    // try another
                }
            }
        }
        throw new IOException("no free port found in 21000..31999");
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public String toString() {
        return name + " (" + flavour.module + ")";
    }
}
