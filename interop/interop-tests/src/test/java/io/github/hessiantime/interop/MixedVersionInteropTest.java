package io.github.hessiantime.interop;

import io.github.hessiantime.interop.Peer.Flavour;
import io.github.hessiantime.testsupport.FrameCounts;
import io.github.hessiantime.testsupport.TimeBag;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static io.github.hessiantime.interop.Peer.CALLS;
import static io.github.hessiantime.interop.Peer.STARTUP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real peers in separate JVMs, registered in a real ZooKeeper: every flavour (Dubbo 3.3.6, 3.2.16, 3.2.19 and 2.7.23, each
 * with and without hessian-time) against every other. Peers that can negotiate (Dubbo 3.2+ with the jar) provide with
 * {@code prefer-serialization=hessian2-time,hessian2}. Every call sends the edge corpus both ways and both sides
 * compare exactly; which format was used is read from the frame headers by a tap in front of every provider.
 *
 * <p>The peers are shared (starting JVMs is the slow part) but no test depends on another: each uses its own
 * service groups and compares the counts its own calls added.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MixedVersionInteropTest {

    static final int HESSIAN2 = 2;
    static final int HESSIAN2_TIME = 26;
    static final String PREFER = "hessian2-time,hessian2";

    private TestingServer zookeeper;
    private String registry;
    private final List<Peer> peers = new ArrayList<>();
    private final Map<Flavour, Peer> byFlavour = new EnumMap<>(Flavour.class);
    private Peer newA;
    private Peer newB;

    @BeforeAll
    void startZooKeeperAndPeers(@TempDir Path zookeeperData) throws Exception {
        zookeeper = loopbackZooKeeper(zookeeperData);
        registry = registryOf(zookeeper);

        for (Flavour flavour : Flavour.values()) {
            byFlavour.put(flavour, start(flavour.module, flavour));
        }
        newA = byFlavour.get(Flavour.NEW);
        newB = start("new-b", Flavour.NEW);
        for (Peer peer : peers) {
            peer.awaitReady();
        }
        // every peer provides a service group named after itself, so a consumer can pick its provider
        for (Peer peer : peers) {
            peer.ok("provide " + peer.name + " " + registry + " " + (peer.flavour.negotiates() ? PREFER : "-"),
                    STARTUP);
        }
    }

    private Peer start(String name, Flavour flavour) throws IOException {
        Peer peer = Peer.start(name, flavour);
        peers.add(peer);
        return peer;
    }

    @AfterAll
    void stopEverything() throws Exception {
        for (Peer peer : peers) {
            peer.close();
        }
        if (zookeeper != null) {
            zookeeper.close();
        }
    }

    /** Runs {@code consumer}'s corpus check against {@code group} on {@code provider}; the frames it saw. */
    private FrameCounts call(Peer consumer, Peer provider, String group, int rounds) throws InterruptedException {
        consumer.ok("consume " + group + " " + registry + " random", STARTUP);
        FrameCounts before = provider.tap.counts();
        String answer = consumer.ok("check " + group + " " + rounds, CALLS).line();
        FrameCounts seen = provider.tap.counts().minus(before);
        System.out.printf("%-18s -> %-18s %s, provider saw %s%n", consumer, provider, answer, seen);
        assertEquals((long) rounds * TimeBag.BAGS, seen.totalRequests(), "every call went through the tap");
        assertEquals(0, seen.responsesInAnotherFormat(), "responses use the request's format");
        assertEquals(0, seen.nonDubboStreams());
        return seen;
    }

    private static void assertOnly(int serialization, FrameCounts seen, String what) {
        assertTrue(seen.totalRequests() > 0, what + ": no requests seen: " + seen);
        assertEquals(serialization, seen.onlySerializationId(), what + ": " + seen);
    }

    static Stream<Arguments> everyPairOfFlavours() {
        List<Arguments> pairs = new ArrayList<>();
        for (Flavour consumer : Flavour.values()) {
            for (Flavour provider : Flavour.values()) {
                pairs.add(Arguments.of(consumer, provider));
            }
        }
        return pairs.stream();
    }

    /** The matrix of docs/dubbo.md: hessian2-time exactly when both sides negotiate, hessian2 otherwise. */
    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("everyPairOfFlavours")
    void everyPairOfPeersUsesTheFormatBothCanRead(Flavour consumerFlavour, Flavour providerFlavour) throws Exception {
        Peer consumer = consumerFlavour == Flavour.NEW ? newB : byFlavour.get(consumerFlavour);
        Peer provider = byFlavour.get(providerFlavour);
        FrameCounts seen = call(consumer, provider, provider.name, 1);
        int expected = consumerFlavour.negotiates() && providerFlavour.negotiates() ? HESSIAN2_TIME : HESSIAN2;
        assertOnly(expected, seen, consumer + " -> " + provider);
        System.out.printf("MATRIX | %s | %s | %s |%n", consumerFlavour.label, providerFlavour.label,
                expected == HESSIAN2_TIME ? "hessian2-time (26)" : "hessian2 (2)");
    }

    @Test
    void dubbo32WithTheJarStartsAndIsPlainHessian2WithoutPreferSerialization() throws Exception {
        // phase 1 of the rollout: the jar added, nothing configured
        try (Peer provider = start("plain-32-jar", Flavour.DUBBO_32_JAR)) {
            provider.awaitReady();
            provider.ok("provide plain-32-jar " + registry + " -", STARTUP);
            assertOnly(HESSIAN2, call(newB, provider, "plain-32-jar", 1), "3.3 + jar -> 3.2 + jar without prefer");
            assertOnly(HESSIAN2, call(provider, provider, "plain-32-jar", 1), "3.2 + jar -> itself without prefer");
            assertOnly(HESSIAN2_TIME, call(provider, newA, newA.name, 1), "3.2 + jar -> 3.3 + jar advertising");
        }
    }

    @Test
    void healthyPeersWithTheJarLogNoWarningAndDubbo27NothingAtAll() throws Exception {
        for (Flavour flavour : List.of(Flavour.DUBBO_27_JAR, Flavour.DUBBO_32_JAR, Flavour.DUBBO_3219_JAR, Flavour.NEW)) {
            String log = byFlavour.get(flavour).logText();
            assertTrue(log.contains("[DUBBO]"), flavour + ": Dubbo's logging reaches the log file: " + log);
            assertFalse(log.contains("hessian2-time cannot initialise"), flavour + ": " + log);
        }
        // on 2.7 none of our code runs beyond noticing it is 2.7: not even a stack frame of ours in the log
        String log27 = byFlavour.get(Flavour.DUBBO_27_JAR).logText();
        assertFalse(log27.contains("io.github.hessiantime.dubbo") || log27.contains("hessian2-time"), log27);
    }

    /**
     * A deliberately broken environment: hessian-time's jar with one of its classes missing (one warning), or one of
     * its SPI files (one error naming it and the fix). The application starts, never offers nor picks hessian2-time,
     * and talks hessian2 with everyone, both directions.
     */
    @ParameterizedTest
    @CsvSource({
        // a class of the codecs missing: one warning naming it
        "io/github/hessiantime/hessian/ser/CompactSerializer.class, hessian2-time cannot initialise, CompactSerializer",
        // an SPI file missing, as a shaded jar that kept another jar's file of that name: one error naming it
        "META-INF/dubbo/org.apache.dubbo.rpc.Protocol, hessian2-time is switched off, "
                + "META-INF/dubbo/org.apache.dubbo.rpc.Protocol",
        "META-INF/dubbo/org.apache.dubbo.rpc.model.PackableMethodFactory, hessian2-time is switched off, "
                + "AppendingTransformer"})
    void whenHessian2TimeCannotInitialiseItStepsAsideWithOneLine(String missing, String line, String named,
                                                                @TempDir Path dir) throws Exception {
        String classpath = withoutEntry(Flavour.NEW.classpath(), missing, dir);
        String stem = missing.replace(".class", "");
        String name = "broken-" + stem.substring(Math.max(stem.lastIndexOf('/'), stem.lastIndexOf('.')) + 1);
        try (Peer broken = Peer.start(name, Flavour.NEW, classpath, false)) {
            peers.add(broken);
            broken.awaitReady();
            broken.ok("provide " + name + " " + registry + " -", STARTUP);
            assertOnly(HESSIAN2, call(newB, broken, name, 1), "3.3 + jar -> broken");
            assertOnly(HESSIAN2, call(broken, newA, newA.name, 1), "broken -> 3.3 + jar advertising hessian2-time");
            assertTrue(broken.ok("hash hessian2", CALLS).ok());
            String log = broken.logText();
            assertEquals(1, log.lines().filter(text -> text.contains(line)).count(), log);
            assertTrue(log.contains(named), "the line names the cause: " + log);
            assertFalse(log.contains("hessian2-time is available"), log);
        }
    }

    /** {@code classpath} with hessian-time's jar (or classes directory) replaced by a copy lacking {@code entry}. */
    private static String withoutEntry(String classpath, String entry, Path dir) throws IOException {
        List<String> entries = new ArrayList<>();
        for (String element : classpath.split(java.io.File.pathSeparator)) {
            Path path = Path.of(element);
            if (!path.toString().contains("hessian-time-serializers")) {
                entries.add(element);
                continue;
            }
            Path copy = dir.resolve("hessian-time-without-" + Path.of(entry).getFileName());
            try (java.nio.file.FileSystem jar = Files.isDirectory(path) ? null
                    : java.nio.file.FileSystems.newFileSystem(path, (ClassLoader) null)) {
                Path root = jar != null ? jar.getPath("/") : path;
                try (Stream<Path> all = Files.walk(root)) {
                    for (Path file : (Iterable<Path>) all::iterator) {
                        String relative = root.relativize(file).toString();
                        if (Files.isRegularFile(file) && !relative.equals(entry)) {
                            Path target = copy.resolve(relative);
                            Files.createDirectories(target.getParent());
                            Files.copy(file, target);
                        }
                    }
                }
            }
            assertFalse(Files.exists(copy.resolve(entry)));
            assertTrue(Files.exists(copy.resolve("io/github/hessiantime/JavaTimeSerializerFactory.class")));
            entries.add(copy.toString());
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    @Test
    void compactRequestsAreSmallerThanHessian2RequestsOfTheSameCalls() throws Exception {
        // the same consumer JVM and calls towards an old and a new provider: only the format differs
        FrameCounts towardsOld = call(newB, byFlavour.get(Flavour.DUBBO_336), Flavour.DUBBO_336.module, 2);
        FrameCounts towardsNew = call(newB, newA, newA.name, 2);
        long hessian2Bytes = towardsOld.requestBytes().get(HESSIAN2);
        long compactBytes = towardsNew.requestBytes().get(HESSIAN2_TIME);
        System.out.printf("request frames for %d calls: hessian2 %d bytes, hessian2-time %d bytes%n",
                towardsOld.totalRequests(), hessian2Bytes, compactBytes);
        assertTrue(compactBytes < hessian2Bytes, compactBytes + " >= " + hessian2Bytes);
        // docs/dubbo.md quotes this run's figures: they must be this build's
        String docs = Files.readString(Path.of(System.getProperty("interop.docs"), "dubbo.md"));
        Matcher quoted = Pattern.compile("(\\d+) calls carrying the edge corpus had "
                + "request frames of\\s+([\\d,]+) bytes in `hessian2` and ([\\d,]+) bytes in `hessian2-time` \\(\u2212(\\d+) %\\)")
                .matcher(docs);
        assertTrue(quoted.find(), "docs/dubbo.md quotes no request sizes");
        String measured = String.format(Locale.ROOT, "%d calls, %,d bytes in hessian2, %,d in hessian2-time "
                + "(\u2212%d %%)", towardsOld.totalRequests(), hessian2Bytes, compactBytes,
                Math.round(100.0 * (hessian2Bytes - compactBytes) / hessian2Bytes));
        assertEquals(measured, String.format("%s calls, %s bytes in hessian2, %s in hessian2-time (\u2212%s %%)",
                quoted.group(1), quoted.group(2), quoted.group(3), quoted.group(4)), "docs/dubbo.md, \"What changes in size\"");
    }

    @Test
    void plainHessian2BytesAreIdenticalWithAndWithoutOurJar() throws Exception {
        for (Flavour[] pair : new Flavour[][] {{Flavour.NEW, Flavour.DUBBO_336}, {Flavour.DUBBO_32_JAR,
                Flavour.DUBBO_32}, {Flavour.DUBBO_3219_JAR, Flavour.DUBBO_3219}}) {
            String withJar = byFlavour.get(pair[0]).ok("hash hessian2", CALLS).value("sha256");
            String withoutJar = byFlavour.get(pair[1]).ok("hash hessian2", CALLS).value("sha256");
            String compact = byFlavour.get(pair[0]).ok("hash hessian2-time", CALLS).value("sha256");
            System.out.printf("%s: hessian2 with the jar %s, without %s, hessian2-time %s%n", pair[0].label, withJar,
                    withoutJar, compact);
            assertEquals(withoutJar, withJar);
            assertNotEquals(withJar, compact);
        }
    }

    @Test
    void zooKeeperClusterOfAnOldAndANewProviderGetsOnlyReadableFormats() throws Exception {
        Peer oldProvider = byFlavour.get(Flavour.DUBBO_32);
        Peer newProvider = byFlavour.get(Flavour.DUBBO_32_JAR);
        oldProvider.ok("provide cluster " + registry + " -", STARTUP);
        newProvider.ok("provide cluster " + registry + " " + PREFER, STARTUP);
        newB.ok("consume cluster " + registry + " roundrobin", STARTUP);
        FrameCounts oldBefore = oldProvider.tap.counts();
        FrameCounts newBefore = newProvider.tap.counts();
        String answer = newB.ok("check cluster 4", CALLS).line();
        FrameCounts oldSaw = oldProvider.tap.counts().minus(oldBefore);
        FrameCounts newSaw = newProvider.tap.counts().minus(newBefore);
        System.out.printf("cluster: %s; old provider saw %s; new provider saw %s%n", answer, oldSaw, newSaw);
        assertOnly(HESSIAN2, oldSaw, "old 3.2 provider in the cluster");
        assertOnly(HESSIAN2_TIME, newSaw, "3.2 + jar provider in the cluster");
        assertEquals(4L * TimeBag.BAGS, oldSaw.totalRequests() + newSaw.totalRequests());
        // round robin: an even split, give or take one
        assertTrue(Math.abs(oldSaw.totalRequests() - newSaw.totalRequests()) <= 1, oldSaw + " vs " + newSaw);
    }

    @Test
    void genericCallsNegotiateLikeTypedOnes() throws Exception {
        for (Peer provider : List.of(newA, byFlavour.get(Flavour.DUBBO_336))) {
            FrameCounts before = provider.tap.counts();
            String answer = newB.ok("generic " + provider.name + " " + registry, CALLS).line();
            FrameCounts seen = provider.tap.counts().minus(before);
            System.out.printf("generic new-b -> %s: %s, provider saw %s%n", provider, answer, seen);
            assertOnly(provider == newA ? HESSIAN2_TIME : HESSIAN2, seen, "generic calls to " + provider);
        }
    }

    @Test
    void aProviderWithoutTheJarCannotAdvertiseHessian2Time() throws Exception {
        // Dubbo validates prefer-serialization names against its extensions at export: advertising the format
        // without the jar (or removing the jar but not the setting) fails loudly instead of breaking consumers.
        for (Flavour flavour : List.of(Flavour.DUBBO_336, Flavour.DUBBO_32, Flavour.DUBBO_3219)) {
            String answer = byFlavour.get(flavour).send("provide misconfigured " + registry + " " + PREFER, STARTUP)
                    .line();
            System.out.println(flavour.label + " provider advertising hessian2-time without the jar, refused as expected: "
                    + answer.replaceFirst("^FAIL ", ""));
            assertTrue(answer.startsWith("FAIL") && answer.contains("hessian2-time"), answer);
        }
    }

    /**
     * A mixed 3.2 / 3.3 fleet under load from consumers with and without the jar: both old providers (stock 3.3.6,
     * stock 3.2.16) are replaced one by one by providers with the jar (3.3.6 configured by API, 3.2.16 by Dubbo
     * properties only). No call fails, no value differs, every provider receives only formats it reads.
     */
    @Test
    void rollingUpgradeOfAMixedClusterUnderLoadLosesNoCall() throws Exception {
        List<Peer> generation = List.of(startProvider("rolling-old-33", Flavour.DUBBO_336, false),
                startProvider("rolling-old-32", Flavour.DUBBO_32, false));
        List<Peer> consumers = List.of(newB, byFlavour.get(Flavour.DUBBO_32_JAR), byFlavour.get(Flavour.DUBBO_32));
        List<Peer> all = new ArrayList<>(generation);
        for (Peer consumer : consumers) {
            consumer.ok("consume rolling " + registry + " roundrobin", STARTUP);
            consumer.ok("load rolling 2 1000000", CALLS);
        }
        for (Peer provider : generation) {
            provider.tap.awaitCounts(c -> c.totalRequests() >= 50, CALLS.toMillis(), "50 requests");
        }
        List<Peer> replacements = List.of(startProvider("rolling-new-33", Flavour.NEW, false),
                startProvider("rolling-new-32", Flavour.DUBBO_32_JAR, true));
        for (int i = 0; i < 2; i++) {
            Peer replacement = replacements.get(i);
            all.add(replacement);
            replacement.tap.awaitCounts(c -> c.requestFrames().getOrDefault(HESSIAN2_TIME, 0L) >= 50,
                    CALLS.toMillis(), "50 hessian2-time requests");
            generation.get(i).exitGracefully();
            System.out.println("replaced " + generation.get(i) + " by " + replacement + ": "
                    + newB.ok("loadstatus", CALLS));
        }
        for (Peer provider : replacements) {
            long now = provider.tap.counts().totalRequests();
            provider.tap.awaitCounts(c -> c.totalRequests() >= now + 100, CALLS.toMillis(), "100 more requests");
        }
        List<String> summaries = new ArrayList<>();
        for (Peer consumer : consumers) {
            summaries.add(consumer + ": " + consumer.ok("stopload", CALLS).line());
        }

        Map<Integer, Long> perFormat = new TreeMap<>();
        for (Peer provider : all) {
            FrameCounts seen = provider.tap.counts();
            System.out.printf("  %-26s received %s%n", provider, seen.requestFrames());
            assertEquals(0, seen.responsesInAnotherFormat());
            seen.requestFrames().forEach((id, count) -> perFormat.merge(id, count, Long::sum));
            if (!provider.flavour.hasJar) {
                assertEquals(Map.of(HESSIAN2, seen.totalRequests()), seen.requestFrames(), provider + " reads only 2");
            } else {
                // the stock 3.2 consumer keeps sending hessian2, the consumers with the jar hessian2-time
                assertTrue(seen.requestFrames().keySet().stream().allMatch(id -> id == HESSIAN2 || id == HESSIAN2_TIME)
                        && seen.requestFrames().getOrDefault(HESSIAN2_TIME, 0L) > 0, provider + ": " + seen);
            }
        }
        System.out.println("rolling upgrade: " + summaries + " per format (2=hessian2, 26=hessian2-time): " + perFormat);
        for (String summary : summaries) {
            assertTrue(summary.contains(" failed=0 wrong=0 "), summary);
        }
        for (Peer provider : all) {
            provider.close();
        }
    }

    private Peer startProvider(String name, Flavour flavour, boolean byProperties) throws Exception {
        Peer provider = Peer.start(name, flavour, flavour.classpath(), byProperties);
        peers.add(provider);
        provider.awaitReady();
        // configured by properties: no protocol object through the API, so no prefer-serialization there either
        String prefer = flavour.negotiates() && !byProperties ? PREFER : "-";
        provider.ok("provide rolling " + registry + " " + prefer + (byProperties ? " properties" : ""), STARTUP);
        return provider;
    }

    /** A ZooKeeper server for the peers, on a free port of loopback only, keeping its data in {@code data}. */
    static TestingServer loopbackZooKeeper(Path data) throws Exception {
        InstanceSpec spec = new InstanceSpec(data.toFile(), freePort(), -1, -1, true, 1, -1, -1,
                Map.of("clientPortAddress", "127.0.0.1"), "127.0.0.1");
        return new TestingServer(spec, true);
    }

    /** The registry address of {@code zookeeper} for the peers. */
    static String registryOf(TestingServer zookeeper) {
        // a generous connect timeout: several peer JVMs start at once on small CI machines
        return "zookeeper://127.0.0.1:" + zookeeper.getPort() + "?timeout=30000";
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
