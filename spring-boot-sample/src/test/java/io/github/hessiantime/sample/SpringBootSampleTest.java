package io.github.hessiantime.sample;

import io.github.hessiantime.sample.api.SampleShipments;
import io.github.hessiantime.sample.api.Shipment;
import io.github.hessiantime.sample.consumer.ConsumerApplication;
import io.github.hessiantime.sample.consumer.ShipmentClient;
import io.github.hessiantime.sample.provider.ProviderApplication;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spring Boot sample for real: the provider ({@link ProviderApplication}) runs in its own JVM, the consumer
 * ({@link ConsumerApplication}) in this one, both configured by the sample's application properties; only the
 * registry address, ports and the loopback host are given on the command line. The provider registers the port of a
 * {@link FrameTap}, so the serialization of every call is read from the dubbo frame headers on the wire.
 * Also checks the two cases docs/dubbo.md warns about (direct {@code url=}; a service exported on dubbo and tri).
 */
class SpringBootSampleTest {

    /** Content-type ids in the dubbo frame header: Dubbo's hessian2, and hessian-time's hessian2-time. */
    private static final int HESSIAN2 = 2;
    private static final int HESSIAN2_TIME = 26;
    /** 127.0.0.1 as one number: Dubbo refuses hosts starting with "127." and would bind every interface instead. */
    private static final String LOOPBACK = "2130706433";
    private static final String SERVICE = "io.github.hessiantime.sample.api.ShipmentService";
    private static final int CALLS = 40;

    private static final Path WORK = Paths.get("target", "sample-test");
    private static TestingServer zookeeper;
    private static CuratorFramework registryClient;
    private static String registry;
    private static int providerCount;

    @BeforeAll
    static void startZooKeeper() throws Exception {
        Files.createDirectories(WORK);
        InstanceSpec loopbackOnly = new InstanceSpec(Files.createTempDirectory(WORK.toAbsolutePath(), "zk").toFile(),
                -1, -1, -1, true, 1, -1, -1, Map.of("clientPortAddress", "127.0.0.1"), "127.0.0.1");
        zookeeper = new TestingServer(loopbackOnly, true);
        registry = "zookeeper://127.0.0.1:" + zookeeper.getPort();
        registryClient = CuratorFrameworkFactory.newClient(zookeeper.getConnectString(), new RetryOneTime(100));
        registryClient.start();
    }

    @AfterAll
    static void stopZooKeeper() throws IOException {
        registryClient.close();
        zookeeper.close();
    }

    @Test
    void springBootConsumerNegotiatesHessian2TimeWithSpringBootProvider() throws Exception {
        try (Provider provider = Provider.start(false)) {
            Map<Integer, Long> before = provider.dubboTap.requests();
            try (ConfigurableApplicationContext consumer = consumer()) {
                assertAllComeBackEqual(consumer);
            }
            assertEquals(Map.of(HESSIAN2_TIME, (long) CALLS), minus(provider.dubboTap.requests(), before),
                    "request frames per serialization id");
            assertEquals(Map.of(HESSIAN2_TIME, (long) CALLS), provider.dubboTap.responses(),
                    "response frames per serialization id: the response uses the request's format");
        }
    }

    @Test
    void directUrlNegotiatesOnlyWithPreferSerializationOnTheUrl() throws Exception {
        try (Provider provider = Provider.start(false)) {
            String direct = "dubbo://" + LOOPBACK + ":" + provider.dubboTap.port();

            Map<Integer, Long> before = provider.dubboTap.requests();
            try (ConfigurableApplicationContext consumer = consumer("--dubbo.reference." + SERVICE + ".url=" + direct)) {
                assertAllComeBackEqual(consumer);
            }
            // the direct URL replaces the provider's registered URL, and with it its prefer.serialization
            assertEquals(Map.of(HESSIAN2, (long) CALLS), minus(provider.dubboTap.requests(), before));

            before = provider.dubboTap.requests();
            try (ConfigurableApplicationContext consumer = consumer("--dubbo.reference." + SERVICE + ".url=" + direct
                    + "?prefer.serialization=hessian2-time,hessian2")) {
                assertAllComeBackEqual(consumer);
            }
            assertEquals(Map.of(HESSIAN2_TIME, (long) CALLS), minus(provider.dubboTap.requests(), before));
        }
    }

    @Test
    void serviceOnDubboAndTriIsCalledOverBothUnlessTheReferencePinsDubbo() throws Exception {
        try (Provider provider = Provider.start(true)) {
            // the sample's consumer properties pin protocol=dubbo: every call is a dubbo frame in hessian2-time
            Map<Integer, Long> before = provider.dubboTap.requests();
            long triBefore = provider.triTap.otherProtocolConnections();
            try (ConfigurableApplicationContext consumer = consumer()) {
                assertAllComeBackEqual(consumer);
            }
            assertEquals(Map.of(HESSIAN2_TIME, (long) CALLS), minus(provider.dubboTap.requests(), before));
            assertEquals(triBefore, provider.triTap.otherProtocolConnections(), "no Triple connection when pinned");

            // the same consumer without the pin: some calls go over tri, and only the dubbo part is hessian2-time
            before = provider.dubboTap.requests();
            try (ConfigurableApplicationContext consumer = consumer("--dubbo.reference." + SERVICE + ".protocol=")) {
                assertAllComeBackEqual(consumer);
            }
            Map<Integer, Long> overDubbo = minus(provider.dubboTap.requests(), before);
            long dubboCalls = overDubbo.getOrDefault(HESSIAN2_TIME, 0L);
            assertEquals(Map.of(HESSIAN2_TIME, dubboCalls), overDubbo, "dubbo frames are all hessian2-time");
            assertTrue(dubboCalls > 0 && dubboCalls < CALLS, dubboCalls + " of " + CALLS + " calls over dubbo");
            assertTrue(provider.triTap.otherProtocolConnections() > triBefore, "the other calls went over Triple");
        }
    }

    private static void assertAllComeBackEqual(ConfigurableApplicationContext consumer) {
        ShipmentClient client = consumer.getBean(ShipmentClient.class);
        for (long id = 1; id <= CALLS; id++) {
            Shipment sent = SampleShipments.shipment(id);
            // the provider also compares what it received with the value it expects
            assertEquals(sent, client.confirm(sent));
        }
    }

    /** The sample's consumer, on this ZooKeeper; {@code overrides} are command-line properties (highest priority). */
    private static ConfigurableApplicationContext consumer(String... overrides) {
        List<String> args = new ArrayList<>(List.of("--dubbo.registry.address=" + registry));
        args.addAll(List.of(overrides));
        return new SpringApplicationBuilder(ConsumerApplication.class).profiles("consumer")
                .run(args.toArray(new String[0]));
    }

    private static Map<Integer, Long> minus(Map<Integer, Long> after, Map<Integer, Long> before) {
        Map<Integer, Long> delta = new TreeMap<>();
        after.forEach((id, count) -> {
            long difference = count - before.getOrDefault(id, 0L);
            if (difference != 0) {
                delta.put(id, difference);
            }
        });
        return delta;
    }

    /** The sample's provider in its own JVM, behind one tap per protocol; registered with the taps' ports. */
    private static final class Provider implements AutoCloseable {
        final FrameTap dubboTap;
        final FrameTap triTap;
        final Process process;
        final Path log;

        private Provider(FrameTap dubboTap, FrameTap triTap, Process process, Path log) {
            this.dubboTap = dubboTap;
            this.triTap = triTap;
            this.process = process;
            this.log = log;
        }

        static Provider start(boolean alsoTriple) throws Exception {
            int dubboPort = freePort();
            int triPort = freePort();
            FrameTap dubboTap = new FrameTap(dubboPort);
            FrameTap triTap = new FrameTap(triPort);
            String classpath = System.getProperty("sample.classes") + java.io.File.pathSeparator
                    + Files.readString(Paths.get(System.getProperty("sample.classpathFile"))).trim();
            List<String> command = new ArrayList<>(List.of(
                    Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                    // Dubbo 3.3's JSON lookup on JDK 25 needs this (see dubbo-demo's DubboOnNewerJdks)
                    "-Ddubbo.json-framework.prefer=fastjson2",
                    "-cp", classpath, ProviderApplication.class.getName(),
                    "--dubbo.registry.address=" + registry,
                    "--dubbo.protocols.dubbo.host=" + LOOPBACK, "--dubbo.protocols.dubbo.port=" + dubboPort));
            if (alsoTriple) {
                command.addAll(List.of("--spring.profiles.active=tri",
                        "--dubbo.protocols.tri.host=" + LOOPBACK, "--dubbo.protocols.tri.port=" + triPort));
            }
            Path log = WORK.resolve("provider-" + ++providerCount + ".log");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            // register the taps' ports instead of the bound ones (Dubbo's documented way for NAT and proxies)
            builder.environment().put("DUBBO_PORT_TO_REGISTRY", Integer.toString(dubboTap.port()));
            builder.environment().put("TRI_DUBBO_PORT_TO_REGISTRY", Integer.toString(triTap.port()));

            CompletableFuture<Void> registered = new CompletableFuture<>();
            try (CuratorCache providers = CuratorCache.build(registryClient, "/dubbo/" + SERVICE + "/providers")) {
                List<String> expected = new ArrayList<>(List.of("dubbo://" + LOOPBACK + ":" + dubboTap.port() + "/"));
                if (alsoTriple) {
                    expected.add("tri://" + LOOPBACK + ":" + triTap.port() + "/");
                }
                List<String> seen = new ArrayList<>();
                providers.listenable().addListener(CuratorCacheListener.builder().forCreates(node -> {
                    String url = URLDecoder.decode(node.getPath().substring(node.getPath().lastIndexOf('/') + 1),
                            StandardCharsets.UTF_8);
                    synchronized (seen) {
                        expected.stream().filter(url::startsWith).forEach(seen::add);
                        if (seen.containsAll(expected)) {
                            registered.complete(null);
                        }
                    }
                }).build());
                providers.start();
                Process process = builder.start();
                process.onExit().thenRun(() -> registered.completeExceptionally(
                        new IllegalStateException("the provider exited with " + process.exitValue())));
                Provider provider = new Provider(dubboTap, triTap, process, log);
                try {
                    registered.get(90, TimeUnit.SECONDS);
                } catch (Exception e) {
                    provider.close();
                    throw new AssertionError("provider not registered; its log " + log + ":\n"
                            + Files.readString(log), e);
                }
                return provider;
            }
        }

        /** SIGTERM, so Dubbo unregisters and shuts down as in production; forcibly only if that hangs. */
        @Override
        public void close() throws Exception {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            dubboTap.close();
            triTap.close();
        }

        private static int freePort() throws IOException {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            }
        }
    }
}
