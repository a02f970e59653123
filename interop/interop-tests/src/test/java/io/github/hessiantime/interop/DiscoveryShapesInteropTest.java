package io.github.hessiantime.interop;

import io.github.hessiantime.interop.Peer.Flavour;
import io.github.hessiantime.testsupport.DubboFrameTap;
import io.github.hessiantime.testsupport.FrameCounts;
import io.github.hessiantime.testsupport.TimeBag;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.github.hessiantime.interop.MixedVersionInteropTest.HESSIAN2;
import static io.github.hessiantime.interop.MixedVersionInteropTest.HESSIAN2_TIME;
import static io.github.hessiantime.interop.MixedVersionInteropTest.PREFER;
import static io.github.hessiantime.interop.Peer.CALLS;
import static io.github.hessiantime.interop.Peer.STARTUP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 16: the discovery shapes of Dubbo 3 on the wire. Three Dubbo 3.3.6 providers with the jar, registering with
 * {@code register-mode} {@code interface}, {@code instance} and {@code all} (Dubbo 3's default), each advertising
 * hessian2-time on its dubbo protocol; the references name the provider application ({@code provided-by}), since the
 * peers use no metadata centre for the service-name mapping (the metadata itself comes from the provider's
 * MetadataService, Dubbo's default {@code metadata-type=local}). Two consumers, 3.3.6
 * with and without the jar, call each provider under every migration step that finds it ({@code FORCE_INTERFACE},
 * {@code APPLICATION_FIRST}: Dubbo 3's default, {@code FORCE_APPLICATION}, set per reference). The consumer with the
 * jar gets hessian2-time (26), the one without gets hessian2 (2), and every value is exact.
 *
 * <p>Everything binds loopback: {@code DUBBO_IP_TO_BIND} is 127.0.0.2 (so is the MetadataService, which
 * application-level consumers call, on the tap's port) and everything registers 127.0.0.1, where the taps listen.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DiscoveryShapesInteropTest {

    private static final List<String> LOOPBACK_DISCOVERY = List.of(
            "-Ddubbo.application.metadata-service-protocol=dubbo",
            "-Ddubbo.application.metadata-service-port=" + Peer.TAP_PORT);
    private static final Map<String, String> BIND_LOOPBACK =
            Map.of("DUBBO_IP_TO_BIND", DubboFrameTap.PROVIDER_ALIAS_HOST);

    /** register-mode -> the migration steps under which a consumer finds such a provider. */
    private static final Map<String, List<String>> FINDS = new LinkedHashMap<>();

    static {
        FINDS.put("interface", List.of("FORCE_INTERFACE", "APPLICATION_FIRST"));
        FINDS.put("instance", List.of("APPLICATION_FIRST", "FORCE_APPLICATION"));
        FINDS.put("all", List.of("FORCE_INTERFACE", "APPLICATION_FIRST", "FORCE_APPLICATION"));
    }

    private TestingServer zookeeper;
    private String registry;
    private final Map<String, Peer> providers = new LinkedHashMap<>();
    private final List<Peer> consumers = new ArrayList<>();

    @BeforeAll
    void start(@TempDir Path zookeeperData) throws Exception {
        zookeeper = MixedVersionInteropTest.loopbackZooKeeper(zookeeperData);
        registry = MixedVersionInteropTest.registryOf(zookeeper);
        for (String mode : FINDS.keySet()) {
            List<String> options = new ArrayList<>(LOOPBACK_DISCOVERY);
            options.add("-Ddubbo.application.register-mode=" + mode);
            providers.put(mode, start("shape-" + mode, Flavour.NEW, options));
        }
        consumers.add(start("shape-consumer-jar", Flavour.NEW, LOOPBACK_DISCOVERY));
        consumers.add(start("shape-consumer-stock", Flavour.DUBBO_336, LOOPBACK_DISCOVERY));
        for (Peer peer : providers.values()) {
            peer.awaitReady();
        }
        for (Peer peer : consumers) {
            peer.awaitReady();
        }
        for (Peer provider : providers.values()) {
            provider.ok("provide " + provider.name + " " + registry + " " + PREFER, STARTUP);
        }
    }

    private static Peer start(String name, Flavour flavour, List<String> options) throws Exception {
        return Peer.start(name, flavour, flavour.classpath(), false, options, BIND_LOOPBACK);
    }

    @AfterAll
    void stop() throws Exception {
        for (Peer peer : consumers) {
            peer.close();
        }
        for (Peer peer : providers.values()) {
            peer.close();
        }
        if (zookeeper != null) {
            zookeeper.close();
        }
    }

    @Test
    void everyRegisterModeAndMigrationStepNegotiatesLikeInterfaceDiscovery() throws Exception {
        List<String> rows = new ArrayList<>();
        for (Map.Entry<String, List<String>> shape : FINDS.entrySet()) {
            Peer provider = providers.get(shape.getKey());
            for (String step : shape.getValue()) {
                for (Peer consumer : consumers) {
                    String what = consumer + " -> " + provider + " (register-mode=" + shape.getKey() + ", " + step
                            + ")";
                    String alias = provider.name + "/" + step;
                    FrameCounts beforeRefer = provider.tap.counts();
                    // provided-by names the application (the peers keep no service-name mapping in a metadata
                    // centre); the service itself is found by the discovery the step selects
                    consumer.ok("consumeas " + alias + " " + provider.name + " " + registry + " random - " + step
                            + " " + provider.name, STARTUP);
                    // application-level consumers call the provider's MetadataService while referring
                    FrameCounts metadata = provider.tap.counts().minus(beforeRefer);
                    FrameCounts before = provider.tap.counts();
                    String checked = consumer.send("check " + alias + " 1", CALLS).line();
                    String named = consumer.send("names " + alias + " 2", CALLS).line();
                    FrameCounts seen = provider.tap.counts().minus(before);
                    assertTrue(checked.startsWith("OK"), what + ": " + checked);
                    assertTrue(named.startsWith("OK") && named.contains(provider.name + "=2"), what + ": " + named);
                    assertEquals(TimeBag.BAGS + 2, seen.totalRequests(), what + ": " + seen);
                    int expected = consumer.flavour.hasJar ? HESSIAN2_TIME : HESSIAN2;
                    assertEquals(expected, seen.onlySerializationId(), what + ": " + seen);
                    assertEquals(0, seen.responsesInAnotherFormat(), what);
                    rows.add(String.format("DISCOVERY | %s | register-mode=%s | %s | %s | metadata calls while "
                            + "referring: %s |", consumer.flavour.label, shape.getKey(), step,
                            expected == HESSIAN2_TIME ? "hessian2-time" : "hessian2", metadata.requestFrames()));
                }
            }
        }
        rows.forEach(System.out::println);
    }
}
