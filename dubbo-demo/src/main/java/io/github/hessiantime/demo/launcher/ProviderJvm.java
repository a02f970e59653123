package io.github.hessiantime.demo.launcher;

import io.github.hessiantime.demo.provider.OrderProvider;
import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.DubboFrameTap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One provider JVM ({@link OrderProvider}) with its own classpath, behind a {@link DubboFrameTap}: the provider binds
 * a free loopback port but registers the tap's port (Dubbo's {@code DUBBO_PORT_TO_REGISTRY}), so every call to it
 * passes through the tap. Its QoS port ({@link #qosPort}) is on loopback. Its output goes to
 * {@code <logs>/<name>.log}.
 */
final class ProviderJvm implements AutoCloseable {

    final int qosPort;
    final DubboFrameTap tap;
    final Path log;
    private final Spec spec;
    private final ChildJvm jvm;

    /** What a provider is, apart from its ports: enough to start it again. */
    private record Spec(String name, boolean legacy, String classpath, String registry) {
    }

    private ProviderJvm(Spec spec, int qosPort, DubboFrameTap tap, Path log, ChildJvm jvm) {
        this.spec = spec;
        this.qosPort = qosPort;
        this.tap = tap;
        this.log = log;
        this.jvm = jvm;
    }

    static ProviderJvm start(String name, boolean legacy, String classpath, String registry, Path logs)
            throws IOException {
        return start(new Spec(name, legacy, classpath, registry), logs, freePort());
    }

    static ProviderJvm start(String name, boolean legacy, String classpath, String registry, Path logs, int port)
            throws IOException {
        return start(new Spec(name, legacy, classpath, registry), logs, port);
    }

    private static ProviderJvm start(Spec spec, Path logs, int port) throws IOException {
        String name = spec.name();
        DubboFrameTap tap = DubboFrameTap.inFrontOf(name, port);
        Path log = logs.resolve(name + ".log");
        int qosPort = freePort();
        try {
            List<String> jvmArgs = new ArrayList<>(List.of("-Xmx256m", "-XX:+UseSerialGC",
                    "-Dorg.slf4j.simpleLogger.defaultLogLevel=info"));
            if (Runtime.version().feature() >= 23) {
                // hessian-lite reads and writes fields with sun.misc.Unsafe, which JDK 24+ warns about at first use
                // (JEP 498); the option, from JDK 23 on, says the demo knows. demo.sh gives its own JVM the same.
                jvmArgs.add("--sun-misc-unsafe-memory-access=allow");
            }
            ChildJvm jvm = ChildJvm.launch(OrderProvider.class.getName()).classpath(spec.classpath())
                    .jvmArgs(jvmArgs)
                    .args("--name=" + name, "--registry=" + spec.registry(), "--port=" + port, "--qos-port=" + qosPort,
                            "--exit-with=" + ProcessHandle.current().pid())
                    .args(spec.legacy() ? new String[] {"--legacy"} : new String[0])
                    .env("DUBBO_PORT_TO_REGISTRY", Integer.toString(tap.port()))
                    .log(log).start(name);
            return new ProviderJvm(spec, qosPort, tap, log, jvm);
        } catch (IOException | RuntimeException e) {
            tap.close();
            throw e;
        }
    }

    String name() {
        return spec.name();
    }

    /** The provider's ready line, or a FAIL line if it exited without one. */
    ChildJvm.Answer awaitReady(long timeoutMillis) throws InterruptedException {
        return jvm.awaitLine(timeoutMillis);
    }

    /** The provider as it described itself in its ready line, for the summary under {@code label}. */
    static Summary.Provider described(String label, ChildJvm.Answer ready) {
        Map<String, String> fields = ready.values();
        return new Summary.Provider(label, Long.parseLong(fields.get("pid")), fields.get("host"),
                Boolean.parseBoolean(fields.get("hessian-time-on-classpath")), fields.get("prefer-serialization"));
    }

    /**
     * After a FAIL from {@link #awaitReady}: whether the provider failed because its port was taken between choosing
     * it and binding it.
     */
    boolean lostItsPort() throws IOException {
        return Files.readString(log).contains("Address already in use");
    }

    /** The same provider again, on another free port (close this one first). */
    ProviderJvm startAgain(Path logs) throws IOException {
        return start(spec, logs, freePort());
    }

    /** Stops the JVM (SIGTERM: Dubbo's shutdown hook unregisters it; forcibly if that hangs), then the tap. */
    @Override
    public void close() {
        jvm.close();
        try {
            tap.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return name();
    }

    /** A port free on loopback now. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
