package io.github.hessiantime.sample;

import io.github.hessiantime.sample.api.SampleShipments;
import io.github.hessiantime.sample.api.Shipment;
import io.github.hessiantime.sample.consumer.ConsumerApplication;
import io.github.hessiantime.sample.consumer.ShipmentClient;
import io.github.hessiantime.sample.provider.ProviderApplication;
import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.DubboFrameTap;
import io.github.hessiantime.testsupport.FrameCounts;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spring Boot sample for real: the provider ({@link ProviderApplication}) runs in its own JVM, the consumer
 * ({@link ConsumerApplication}) in this one, both configured by the sample's application properties; only the
 * registry address, ports and the loopback host are given on the command line. The provider registers the port of a
 * {@link DubboFrameTap}, so the serialization of every call is read from the dubbo frame headers on the wire.
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

    /** docs/dubbo.md quotes this test's call count in the two cases it warns about: it must be this test's. */
    @Test
    void theDocsQuoteThisTestsCalls() throws Exception {
        String docs = Files.readString(Paths.get("..", "docs", "dubbo.md")).replaceAll("\\s+", " ");
        for (String quote : List.of("Test: " + CALLS + " calls with the plain URL are all id 2; " + CALLS
                        + " with the parameter are all id 26.",
                CALLS + " of " + CALLS + " calls are dubbo frames in id 26", "the " + CALLS + " calls split between")) {
            assertTrue(docs.contains(quote), "docs/dubbo.md should say \"" + quote + "\"");
        }
    }

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
            FrameCounts before = provider.dubboTap.counts();
            try (ConfigurableApplicationContext consumer = consumer()) {
                assertAllComeBackEqual(consumer);
            }
            assertEquals(Map.of(HESSIAN2_TIME, (long) CALLS), provider.dubboTap.counts().minus(before).requestFrames(),
                    "request frames per serialization id");
            assertEquals(Map.of(HESSIAN2_TIME, (long) CALLS), provider.dubboTap.counts().responseFrames(),
                    "response frames per serialization id: the response uses the request's format");
        }
    }

    @Test
    void directUrlNegotiatesOnlyWithPreferSerializationOnTheUrl() throws Exception {
        try (Provider provider = Provider.start(false)) {
            String direct = "dubbo://" + LOOPBACK + ":" + provider.dubboTap.port();

            FrameCounts before = provider.dubboTap.counts();
            try (ConfigurableApplicationContext consumer = consumer("--dubbo.reference." + SERVICE + ".url=" + direct)) {
                assertAllComeBackEqual(consumer);
            }
            // the direct URL replaces the provider's registered URL, and with it its prefer.serialization
            assertEquals(Map.of(HESSIAN2, (long) CALLS), provider.dubboTap.counts().minus(before).requestFrames());

            before = provider.dubboTap.counts();
            try (ConfigurableApplicationContext consumer = consumer("--dubbo.reference." + SERVICE + ".url=" + direct
                    + "?prefer.serialization=hessian2-time,hessian2")) {
                assertAllComeBackEqual(consumer);
            }
            assertEquals(Map.of(HESSIAN2_TIME, (long) CALLS), provider.dubboTap.counts().minus(before).requestFrames());
        }
    }

    @Test
    void serviceOnDubboAndTriIsCalledOverBothUnlessTheReferencePinsDubbo() throws Exception {
        try (Provider provider = Provider.start(true)) {
            // the sample's consumer properties pin protocol=dubbo: every call is a dubbo frame in hessian2-time
            FrameCounts before = provider.dubboTap.counts();
            long triBefore = provider.triTap.counts().nonDubboStreams();
            try (ConfigurableApplicationContext consumer = consumer()) {
                assertAllComeBackEqual(consumer);
            }
            assertEquals(Map.of(HESSIAN2_TIME, (long) CALLS), provider.dubboTap.counts().minus(before).requestFrames());
            assertEquals(triBefore, provider.triTap.counts().nonDubboStreams(), "no Triple connection when pinned");

            // the same consumer without the pin: some calls go over tri, and only the dubbo part is hessian2-time
            before = provider.dubboTap.counts();
            try (ConfigurableApplicationContext consumer = consumer("--dubbo.reference." + SERVICE + ".protocol=")) {
                assertAllComeBackEqual(consumer);
            }
            Map<Integer, Long> overDubbo = provider.dubboTap.counts().minus(before).requestFrames();
            long dubboCalls = overDubbo.getOrDefault(HESSIAN2_TIME, 0L);
            assertEquals(Map.of(HESSIAN2_TIME, dubboCalls), overDubbo, "dubbo frames are all hessian2-time");
            assertTrue(dubboCalls > 0 && dubboCalls < CALLS, dubboCalls + " of " + CALLS + " calls over dubbo");
            assertTrue(provider.triTap.counts().nonDubboStreams() > triBefore, "the other calls went over Triple");
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

    /** The sample's provider in its own JVM, behind one tap per protocol; registered with the taps' ports. */
    private static final class Provider implements AutoCloseable {
        final DubboFrameTap dubboTap;
        final DubboFrameTap triTap;
        final ChildJvm jvm;

        private Provider(DubboFrameTap dubboTap, DubboFrameTap triTap, ChildJvm jvm) {
            this.dubboTap = dubboTap;
            this.triTap = triTap;
            this.jvm = jvm;
        }

        static Provider start(boolean alsoTriple) throws Exception {
            int dubboPort = freePort();
            int triPort = freePort();
            DubboFrameTap dubboTap = DubboFrameTap.inFrontOf("dubbo", dubboPort);
            DubboFrameTap triTap = DubboFrameTap.inFrontOf("tri", triPort);
            String classpath = System.getProperty("sample.classes") + java.io.File.pathSeparator
                    + Files.readString(Paths.get(System.getProperty("sample.classpathFile"))).trim();
            List<String> args = new ArrayList<>(List.of("--dubbo.registry.address=" + registry,
                    "--dubbo.protocols.dubbo.host=" + LOOPBACK, "--dubbo.protocols.dubbo.port=" + dubboPort));
            if (alsoTriple) {
                args.addAll(List.of("--spring.profiles.active=tri",
                        "--dubbo.protocols.tri.host=" + LOOPBACK, "--dubbo.protocols.tri.port=" + triPort));
            }
            String name = "provider-" + ++providerCount;
            Path log = WORK.resolve(name + ".log");
            List<String> expected = new ArrayList<>(List.of("dubbo://" + LOOPBACK + ":" + dubboTap.port() + "/"));
            if (alsoTriple) {
                expected.add("tri://" + LOOPBACK + ":" + triTap.port() + "/");
            }
            CompletableFuture<Void> registered = new CompletableFuture<>();
            try (CuratorCache providers = registeredProviders(expected, registered)) {
                ChildJvm jvm = ChildJvm.launch(ProviderApplication.class.getName()).classpath(classpath)
                        // Dubbo 3.3's JSON lookup on JDK 25 needs this (see dubbo-demo's DubboOnNewerJdks)
                        .jvmArgs("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                                "-Ddubbo.json-framework.prefer=fastjson2")
                        .args(args.toArray(new String[0]))
                        // register the taps' ports instead of the bound ones (Dubbo's way for NAT and proxies)
                        .env("DUBBO_PORT_TO_REGISTRY", Integer.toString(dubboTap.port()))
                        .env("TRI_DUBBO_PORT_TO_REGISTRY", Integer.toString(triTap.port()))
                        .log(log).start(name);
                Provider provider = new Provider(dubboTap, triTap, jvm);
                // a Spring Boot provider writes no protocol line: the only one is ChildJvm's "FAIL ... exited"
                CompletableFuture.runAsync(() -> {
                    try {
                        registered.completeExceptionally(new IllegalStateException(jvm.awaitLine(120_000).line()));
                    } catch (InterruptedException | AssertionError e) {
                        registered.completeExceptionally(e);
                    }
                });
                try {
                    registered.get(90, TimeUnit.SECONDS);
                } catch (Exception e) {
                    provider.close();
                    throw new AssertionError(name + " not registered; its log " + log + ":\n" + Files.readString(log),
                            e);
                }
                return provider;
            }
        }

        /** Completes {@code registered} once the registry holds every one of the {@code expected} URLs. */
        private static CuratorCache registeredProviders(List<String> expected, CompletableFuture<Void> registered) {
            CuratorCache providers = CuratorCache.build(registryClient, "/dubbo/" + SERVICE + "/providers");
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
            return providers;
        }

        /** SIGTERM, so Dubbo unregisters and shuts down as in production; forcibly only if that hangs. */
        @Override
        public void close() throws IOException {
            jvm.close();
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
