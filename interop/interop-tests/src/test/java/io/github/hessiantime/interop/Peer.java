package io.github.hessiantime.interop;

import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.DubboFrameTap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One peer JVM ({@code PeerMain} on the class path of one flavour) with a {@link DubboFrameTap} in front of each of
 * its provider ports (dubbo, Triple, and a port-unified one serving both): the peer binds 127.0.0.2:p and registers
 * 127.0.0.1:p, where the tap listens, so every call to it, whatever its Dubbo version, goes through a tap and is
 * counted.
 */
final class Peer implements AutoCloseable {

    /** Peer flavours: one Maven module each under interop/, whose class path is in target/classpath.txt. */
    enum Flavour {
        NEW("peer-new", "3.3.6 + jar", true, true),
        DUBBO_336("peer-dubbo336", "3.3.6", false, true),
        DUBBO_32_JAR("peer-dubbo32-jar", "3.2.16 + jar", true, true),
        DUBBO_32("peer-dubbo32", "3.2.16", false, true),
        DUBBO_3219_JAR("peer-dubbo3219-jar", "3.2.19 + jar", true, true),
        DUBBO_3219("peer-dubbo3219", "3.2.19", false, true),
        DUBBO_27_JAR("peer-dubbo27-jar", "2.7.23 + jar", true, false),
        DUBBO_27("peer-dubbo27", "2.7.23", false, false);

        final String module;
        final String label;
        final boolean hasJar;
        final boolean dubbo3;

        Flavour(String module, String label, boolean hasJar, boolean dubbo3) {
            this.module = module;
            this.label = label;
            this.hasJar = hasJar;
            this.dubbo3 = dubbo3;
        }

        /** Can negotiate hessian2-time: Dubbo 3.2+ (prefer-serialization) with the jar. */
        boolean negotiates() {
            return hasJar && dubbo3;
        }

        String classpath() throws IOException {
            return Files.readString(Paths.get(System.getProperty("interop.peers"), module, "target/classpath.txt"))
                    .trim();
        }
    }

    /** In an extra option, replaced by the port of the peer's dubbo tap (where it must bind to be reached). */
    static final String TAP_PORT = "{tapPort}";
    static final Duration STARTUP = Duration.ofSeconds(90);
    static final Duration CALLS = Duration.ofSeconds(60);
    private static final String PEER_MAIN = "io.github.hessiantime.interop.PeerMain";

    final String name;
    final Flavour flavour;
    final DubboFrameTap tap;
    final DubboFrameTap tripleTap;
    final DubboFrameTap unifiedTap;
    final Path log;
    private final ChildJvm jvm;

    private Peer(String name, Flavour flavour, DubboFrameTap tap, DubboFrameTap tripleTap, DubboFrameTap unifiedTap,
                 Path log, ChildJvm jvm) {
        this.name = name;
        this.flavour = flavour;
        this.tap = tap;
        this.tripleTap = tripleTap;
        this.unifiedTap = unifiedTap;
        this.log = log;
        this.jvm = jvm;
    }

    static Peer start(String name, Flavour flavour) throws IOException {
        return start(name, flavour, flavour.classpath(), false);
    }

    /**
     * {@code protocolFromProperties}: the dubbo protocol's host and port are given as {@code -Ddubbo.protocol.*}
     * properties (the keys docs/dubbo.md gives for Spring Boot), for "provide ... properties".
     */
    static Peer start(String name, Flavour flavour, String classpath, boolean protocolFromProperties)
            throws IOException {
        return start(name, flavour, classpath, protocolFromProperties, List.of(), Map.of());
    }

    /**
     * {@code extraOptions} come after the peer set-up options, so a {@code -D} given there replaces the set-up's
     * (the JVM keeps the last); {@code environment} is added to the peer's.
     */
    static Peer start(String name, Flavour flavour, String classpath, boolean protocolFromProperties,
                      List<String> extraOptions, Map<String, String> environment) throws IOException {
        DubboFrameTap tap = DubboFrameTap.inFrontOfAlias(name);
        DubboFrameTap tripleTap = DubboFrameTap.inFrontOfAlias(name + "-tri");
        DubboFrameTap unifiedTap = DubboFrameTap.inFrontOfAlias(name + "-unified");
        Path log = Paths.get(System.getProperty("interop.logs"), name + ".log");
        List<String> options = new ArrayList<>(List.of("-XX:TieredStopAtLevel=1", "-Xshare:auto", "-Xmx256m",
                "-XX:+UseSerialGC", "-Djava.net.preferIPv4Stack=true",
                // peer set-up, not hessian-time settings: no qos ports, plain interface-level registration
                "-Ddubbo.application.qos-enable=false", "-Ddubbo.application.qos.enable=false",
                "-Ddubbo.application.register-mode=interface",
                "-Ddubbo.application.service-discovery.migration=FORCE_INTERFACE",
                "-Ddubbo.registry.use-as-metadata-center=false", "-Ddubbo.registry.use-as-config-center=false",
                "-Ddubbo.service.shutdown.wait=3000",
                // Dubbo logs through java.util.logging to the peer's log file (the peers have no SLF4J binding)
                "-Ddubbo.application.logger=jdk"));
        if (!flavour.dubbo3) {
            // Dubbo 2.7 predates the module system; these are the opens it needs on JDK 17.
            options.addAll(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED",
                    "--add-opens", "java.base/java.math=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED"));
        }
        if (protocolFromProperties) {
            options.addAll(List.of("-Ddubbo.protocol.name=dubbo",
                    "-Ddubbo.protocol.host=" + DubboFrameTap.PROVIDER_ALIAS_HOST,
                    "-Ddubbo.protocol.port=" + tap.port()));
            if (flavour.negotiates()) {
                options.addAll(List.of("-Ddubbo.protocol.serialization=hessian2",
                        "-Ddubbo.protocol.prefer-serialization=hessian2-time,hessian2"));
            }
        }
        for (String option : extraOptions) {
            options.add(option.replace(TAP_PORT, Integer.toString(tap.port())));
        }
        ChildJvm.Launch launch = ChildJvm.launch(PEER_MAIN);
        environment.forEach(launch::env);
        ChildJvm jvm = launch.classpath(classpath).jvmArgs(options)
                .args(name, Integer.toString(tap.port()), DubboFrameTap.PROVIDER_ALIAS_HOST,
                        Integer.toString(tripleTap.port()), Integer.toString(unifiedTap.port()))
                // bind 127.0.0.2:p (the host argument), register 127.0.0.1:p where the tap listens
                .env("DUBBO_IP_TO_REGISTRY", DubboFrameTap.REGISTERED_HOST)
                .log(log).start(name);
        return new Peer(name, flavour, tap, tripleTap, unifiedTap, log, jvm);
    }

    void awaitReady() throws InterruptedException {
        ChildJvm.Answer ready = jvm.awaitLine(STARTUP.toMillis());
        if (!ready.line().startsWith("OK started")) {
            throw new AssertionError(name + " did not start: " + ready + " (log: " + log + ")");
        }
    }

    // synchronized: the peer answers one command at a time, and tests may drive one peer from several threads
    synchronized ChildJvm.Answer ok(String command, Duration timeout) throws InterruptedException {
        return jvm.ok(command, timeout.toMillis());
    }

    synchronized ChildJvm.Answer send(String command, Duration timeout) throws InterruptedException {
        return jvm.send(command, timeout.toMillis());
    }

    /** Asks the peer to exit (Dubbo's graceful shutdown runs) and waits for the process to end. */
    void exitGracefully() throws InterruptedException {
        jvm.exit("exit", STARTUP.toMillis());
    }

    String logText() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() throws IOException {
        try {
            jvm.close();
        } finally {
            tap.close();
            tripleTap.close();
            unifiedTap.close();
        }
    }

    @Override
    public String toString() {
        return name + " (" + flavour.label + ")";
    }
}
