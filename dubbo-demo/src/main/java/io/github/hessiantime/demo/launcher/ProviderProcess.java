package io.github.hessiantime.demo.launcher;

import io.github.hessiantime.demo.provider.OrderProvider;
import io.github.hessiantime.demo.wiretap.DubboWiretap;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One provider JVM ({@link OrderProvider}) with its own classpath, behind a {@link DubboWiretap}: the provider
 * listens on a free port but registers the wiretap's port (Dubbo's {@code DUBBO_PORT_TO_REGISTRY}), so the consumer's
 * calls pass through the wiretap. Its output goes to {@code <logs>/<name>.log}.
 */
final class ProviderProcess implements AutoCloseable {

    final String name;
    final boolean legacy;
    final DubboWiretap wiretap;
    final Path log;
    private final String classpath;
    private final String registry;
    private final Process process;
    private final CompletableFuture<String> readyLine = new CompletableFuture<>();

    private ProviderProcess(String name, boolean legacy, String classpath, String registry, DubboWiretap wiretap,
                            Path log, Process process) {
        this.name = name;
        this.legacy = legacy;
        this.classpath = classpath;
        this.registry = registry;
        this.wiretap = wiretap;
        this.log = log;
        this.process = process;
        Thread reader = new Thread(this::copyOutputToLog, "output-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    static ProviderProcess start(String name, boolean legacy, String classpath, String registry, Path logs)
            throws IOException {
        return start(name, legacy, classpath, registry, logs, freePort());
    }

    static ProviderProcess start(String name, boolean legacy, String classpath, String registry, Path logs, int port)
            throws IOException {
        DubboWiretap wiretap = new DubboWiretap(name, port);
        List<String> command = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-Djava.net.preferIPv4Stack=true",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=info",
                "-cp", classpath, OrderProvider.class.getName(),
                "--name=" + name, "--registry=" + registry, "--port=" + port,
                "--exit-with=" + ProcessHandle.current().pid()));
        if (legacy) {
            command.add("--legacy");
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("DUBBO_PORT_TO_REGISTRY", Integer.toString(wiretap.port()));
        Path log = logs.resolve(name + ".log");
        try {
            return new ProviderProcess(name, legacy, classpath, registry, wiretap, log, builder.start());
        } catch (IOException e) {
            wiretap.close();
            throw e;
        }
    }

    /**
     * Waits up to {@code timeout} for the provider's ready line; true once there is an answer: the line, or null
     * because the provider's output ended without it.
     */
    boolean awaitReady(long timeout, TimeUnit unit) throws InterruptedException {
        try {
            readyLine.get(timeout, unit);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // not yet
        }
        return readyLine.isDone();
    }

    /** The ready line, or null if the provider ended (or is still starting) without printing it. */
    String readyLine() {
        return readyLine.getNow(null);
    }

    /** Whether the provider failed because its port was taken between choosing it and binding it. */
    boolean lostItsPort() {
        return readyLine() == null && logTail(400).contains("Address already in use");
    }

    /** The same provider again, on another free port (call {@link #close()} on this one first). */
    ProviderProcess startAgain(Path logs) throws IOException {
        return start(name, legacy, classpath, registry, logs);
    }

    private void copyOutputToLog() {
        try (BufferedReader output = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             Writer logWriter = Files.newBufferedWriter(log)) {
            for (String line; (line = output.readLine()) != null; ) {
                logWriter.write(line);
                logWriter.write('\n');
                if (line.startsWith(OrderProvider.READY)) {
                    logWriter.flush();
                    readyLine.complete(line);
                }
            }
        } catch (IOException e) {
            // the log is for people; a failing provider still shows up as not ready
        }
        readyLine.complete(null);
    }

    /** The last lines of the provider's log, to show why it failed. */
    String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** Asks the provider JVM to stop (SIGTERM: Dubbo's shutdown hook unregisters it) without waiting. */
    void requestStop() {
        process.destroy();
    }

    /** Stops the JVM (Dubbo's shutdown hook unregisters it), forcibly if it takes too long, and its descendants. */
    @Override
    public void close() throws IOException {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            descendants.forEach(ProcessHandle::destroyForcibly);
            wiretap.close();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
