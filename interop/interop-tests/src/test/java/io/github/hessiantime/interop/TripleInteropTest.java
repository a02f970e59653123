package io.github.hessiantime.interop;

import io.github.hessiantime.interop.Peer.Flavour;
import io.github.hessiantime.testsupport.ChildJvm;
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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.github.hessiantime.interop.MixedVersionInteropTest.HESSIAN2;
import static io.github.hessiantime.interop.MixedVersionInteropTest.HESSIAN2_TIME;
import static io.github.hessiantime.interop.MixedVersionInteropTest.PREFER;
import static io.github.hessiantime.interop.Peer.CALLS;
import static io.github.hessiantime.interop.Peer.STARTUP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 23: Triple never breaks a caller, and carries hessian2-time between peers that both have the jar. Six peer
 * JVMs, Dubbo 3.3.6, 3.2.16 and 3.2.19 each with and without the jar, every one a provider and a consumer, all
 * registering in one ZooKeeper with Dubbo 3's default {@code register-mode=all}. The providers export
 * {@code TimeService} in every shape: {@code tri} alone, {@code dubbo} and {@code tri} on two ports, {@code dubbo}
 * with {@code ext-protocol=tri} on a port-unified port, and on 3.3 also with {@code preferred-protocol=tri} (3.2 has
 * no such setting); the providers with the jar advertise {@code prefer-serialization=hessian2-time,hessian2} on the
 * protocol, provider-wide or on the service. Every consumer calls every service unpinned and pinned to each of its
 * protocols, through interface-level, application-level and Dubbo's default discovery, and through direct URLs.
 *
 * <p>Each check is three calls (the corpus both ways, an asynchronous answer, a call without arguments); the
 * provider's taps read the serialization id of every dubbo frame and the serialization name in the wrapper of every
 * Triple message. No call may fail, every value must be exact, every response must be in its own request's format,
 * and the format must be hessian2-time ({@code 26} over dubbo, {@code hessian2-time} over Triple) exactly when both
 * peers have the jar and the provider advertises it, stock hessian2 ({@code 2}, {@code hessian4}) otherwise.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TripleInteropTest {

    private static final String HESSIAN4 = "hessian4";
    private static final String TIME_SERVICE = "io.github.hessiantime.interop.TimeService";
    private static final String FASTJSON2_LIST = "hessian2-time,fastjson2,hessian2";
    /** Mixed load: calls per consumer, threads per consumer (four consumers or more: 16 calls in flight or more). */
    private static final int LOAD_CALLS = 5_000;
    private static final int LOAD_THREADS = 4;
    private static final String TRIPLE_HESSIAN2_TIME = "hessian2-time";

    /** One Dubbo line: its peers with and without the jar, and the shapes its providers export. */
    private static final class Line {
        final String label;
        final Flavour withJar;
        final Flavour withoutJar;
        final List<String> shapes;

        Line(String label, Flavour withJar, Flavour withoutJar, List<String> shapes) {
            this.label = label;
            this.withJar = withJar;
            this.withoutJar = withoutJar;
            this.shapes = shapes;
        }
    }

    private static final List<Line> LINES = List.of(
            new Line("3.3.6", Flavour.NEW, Flavour.DUBBO_336, List.of("tri", "both", "unified", "unified-preferred")),
            new Line("3.2.16", Flavour.DUBBO_32_JAR, Flavour.DUBBO_32, List.of("tri", "both", "unified")),
            new Line("3.2.19", Flavour.DUBBO_3219_JAR, Flavour.DUBBO_3219, List.of("tri", "both", "unified")));

    /** Discovery shapes: the migration step a reference sets ({@code -}: the JVM's, Dubbo's default). */
    private static final Map<String, String> DISCOVERY = new LinkedHashMap<>();

    static {
        DISCOVERY.put("default", "-");
        DISCOVERY.put("interface", "FORCE_INTERFACE");
        DISCOVERY.put("application", "FORCE_APPLICATION");
    }

    private static final List<String> PEER_OPTIONS = List.of(
            "-Ddubbo.application.register-mode=all",
            // Dubbo 3's default; the peers' usual set-up pins FORCE_INTERFACE
            "-Ddubbo.application.service-discovery.migration=APPLICATION_FIRST",
            "-Ddubbo.application.metadata-service-protocol=dubbo",
            "-Ddubbo.application.metadata-service-port=" + Peer.TAP_PORT);

    private TestingServer zookeeper;
    private String registry;
    private final Map<Flavour, Peer> peers = new LinkedHashMap<>();
    private final AtomicInteger aliases = new AtomicInteger();
    private final List<String> rows = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    void start(@TempDir Path zookeeperData) throws Exception {
        zookeeper = MixedVersionInteropTest.loopbackZooKeeper(zookeeperData);
        registry = MixedVersionInteropTest.registryOf(zookeeper);
        for (Line line : LINES) {
            for (Flavour flavour : List.of(line.withJar, line.withoutJar)) {
                peers.put(flavour, Peer.start("tri-" + flavour.module.replace("peer-", ""), flavour,
                        flavour.classpath(), false, PEER_OPTIONS,
                        Map.of("DUBBO_IP_TO_BIND", DubboFrameTap.PROVIDER_ALIAS_HOST)));
            }
        }
        for (Peer peer : peers.values()) {
            peer.awaitReady();
        }
        for (Line line : LINES) {
            Peer withJar = peers.get(line.withJar);
            Peer withoutJar = peers.get(line.withoutJar);
            for (String shape : line.shapes) {
                withJar.ok("provide " + group(withJar, shape, "protocol") + " " + registry + " " + PREFER + " " + shape
                        + " protocol", STARTUP);
                withoutJar.ok("provide " + group(withoutJar, shape, "-") + " " + registry + " - " + shape, STARTUP);
            }
            // Dubbo 3.2's default list with hessian2-time in front (3.2 providers prefer fastjson2 unless told)
            withJar.ok("provide " + group(withJar, "tri", "fastjson2") + " " + registry + " " + FASTJSON2_LIST
                    + " tri protocol", STARTUP);
            // the streaming service (TimeStreams), on tri as the README configures it
            withJar.ok("provide " + group(withJar, "tri", "streams") + " " + registry + " " + PREFER
                    + " tri protocol streams", STARTUP);
            for (String shape : List.of("tri", "unified")) {
                for (String placement : List.of("provider", "service")) {
                    withJar.ok("provide " + group(withJar, shape, placement) + " " + registry + " " + PREFER + " "
                            + shape + " " + placement, STARTUP);
                }
            }
        }
    }

    private static String group(Peer provider, String shape, String placement) {
        return provider.name + "-" + shape + ("-".equals(placement) ? "" : "-" + placement);
    }

    @AfterAll
    void stop() throws Exception {
        // one line per consumer, provider and format: how many checks (three calls each) found it
        Map<String, Integer> summary = new java.util.TreeMap<>();
        for (String row : rows) {
            String[] cells = row.split(" \\| ");
            summary.merge("TRIPLE | " + cells[1] + " | " + cells[2] + " | " + cells[5], 1, Integer::sum);
        }
        summary.forEach((line, checks) -> System.out.println(line + " | " + checks + " checks"));
        for (Peer peer : peers.values()) {
            peer.close();
        }
        if (zookeeper != null) {
            zookeeper.close();
        }
    }

    /** The protocols a consumer can pin for a shape ({@code -}: unpinned). */
    private static List<String> pins(String shape) {
        return "tri".equals(shape) ? List.of("-", "tri") : List.of("-", "dubbo", "tri");
    }

    /** The three taps of a provider (dubbo port, Triple port, port-unified port), summed. */
    private static FrameCounts[] counts(Peer provider) {
        return new FrameCounts[] {provider.tap.counts(), provider.tripleTap.counts(), provider.unifiedTap.counts()};
    }

    /**
     * One check: {@code consumer} refers {@code group} of {@code provider} ({@code options}: refer options such as
     * {@code protocol=tri}, {@code migration=...}, {@code url=...}), makes the three sample calls, and the provider's
     * taps must show them in the expected format with every response in its request's.
     */
    private void check(Peer consumer, Peer provider, String group, boolean carries, String pin, String what,
                       String options) throws InterruptedException {
        String alias = "a" + aliases.incrementAndGet();
        boolean direct = options.contains("url=");
        consumer.ok("refer " + alias + " " + group + " " + registry + (direct ? "" : " by=" + provider.name)
                + options, STARTUP);
        FrameCounts[] before = counts(provider);
        String answer = consumer.send("sample " + alias, CALLS).line();
        FrameCounts[] after = counts(provider);
        String context = consumer + " -> " + provider + " " + what;
        assertTrue(answer.startsWith("OK") && answer.contains("answeredBy=" + provider.name), context + ": " + answer);
        long dubboCalls = 0;
        long tripleCalls = 0;
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < before.length; i++) {
            FrameCounts delta = after[i].minus(before[i]);
            dubboCalls += delta.totalRequests();
            tripleCalls += delta.totalTripleRequests();
            assertEquals(0, delta.responsesInAnotherFormat(), context + ": " + delta);
            assertEquals(0, delta.tripleResponsesInAnotherFormat(), context + ": " + delta);
            assertEquals(delta.requestFrames(), delta.responseFrames(), context + ": every call answered: " + delta);
            assertEquals(delta.tripleRequests(), delta.tripleResponses(), context + ": every call answered: " + delta);
            for (Integer id : delta.requestFrames().keySet()) {
                assertEquals(carries ? HESSIAN2_TIME : HESSIAN2, (int) id, context + ": " + delta);
            }
            for (String name : delta.tripleRequests().keySet()) {
                assertEquals(carries ? TRIPLE_HESSIAN2_TIME : HESSIAN4, name, context + ": " + delta);
            }
            if (!delta.requestFrames().isEmpty() || !delta.tripleRequests().isEmpty()) {
                seen.add(delta.requestFrames() + " " + delta.tripleRequests());
            }
        }
        assertEquals(3, dubboCalls + tripleCalls, context + ": every call went through a tap");
        if ("dubbo".equals(pin)) {
            assertEquals(0, tripleCalls, context);
        } else if ("tri".equals(pin)) {
            assertEquals(0, dubboCalls, context);
        }
        rows.add(String.format("TRIPLE | %s | %s | %s | %s dubbo, %s tri | %s", consumer.flavour.label,
                provider.flavour.label, what, dubboCalls, tripleCalls,
                carries ? "hessian2-time" : "hessian2"));
    }

    /** Runs {@code task} for each provider in a thread of its own: each provider's taps see only its own calls. */
    private void perProvider(List<Peer> providers, ProviderTask task) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(providers.size());
        List<Future<?>> done = new ArrayList<>();
        for (Peer provider : providers) {
            done.add(threads.submit(() -> {
                task.run(provider);
                return null;
            }));
        }
        // every task runs to its end, also when another failed: a task cut off while a peer answers would leave
        // that answer to the next command sent to the peer
        threads.shutdown();
        assertTrue(threads.awaitTermination(10, TimeUnit.MINUTES), "the checks did not end within 10 minutes");
        for (Future<?> future : done) {
            future.get();
        }
    }

    @FunctionalInterface
    private interface ProviderTask {
        void run(Peer provider) throws Exception;
    }

    private List<Peer> providersWithTheJar() {
        List<Peer> providers = new ArrayList<>();
        for (Line line : LINES) {
            providers.add(peers.get(line.withJar));
        }
        return providers;
    }

    private Line lineOf(Peer peer) {
        for (Line line : LINES) {
            if (line.withJar == peer.flavour || line.withoutJar == peer.flavour) {
                return line;
            }
        }
        throw new AssertionError(peer.toString());
    }

    /**
     * Every consumer, every shape and pin, with Dubbo's default discovery ({@code register-mode=all},
     * {@code APPLICATION_FIRST}), the setting on the protocol; providers with and without the jar.
     */
    @Test
    void everyConsumerCallsEveryShapeUnpinnedAndPinnedInTheFormatBothCanRead() throws Exception {
        perProvider(new ArrayList<>(peers.values()), provider -> {
            for (String shape : lineOf(provider).shapes) {
                String group = group(provider, shape, provider.flavour.hasJar ? "protocol" : "-");
                for (Peer consumer : peers.values()) {
                    for (String pin : pins(shape)) {
                        boolean carries = provider.flavour.hasJar && consumer.flavour.hasJar;
                        check(consumer, provider, group, carries, pin, shape + " pinned " + pin + ", default discovery",
                                "-".equals(pin) ? "" : " protocol=" + pin);
                    }
                }
            }
        });
    }

    /**
     * Interface-level and application-level discovery (each forced per reference) and direct URLs, for the shapes
     * whose URLs Triple consumers can read with a dubbo URL's parameters or beside it: both, and port unification.
     */
    @Test
    void everyDiscoveryShapeAndADirectUrlNegotiateTheSame() throws Exception {
        perProvider(providersWithTheJar(), provider -> {
            for (String shape : lineOf(provider).shapes) {
                String group = group(provider, shape, "protocol");
                for (Peer consumer : peers.values()) {
                    for (String discovery : List.of("interface", "application")) {
                        for (String pin : "tri".equals(shape) ? List.of("-") : List.of("-", "dubbo", "tri")) {
                            String what = shape + " pinned " + pin + ", " + discovery + "-level discovery";
                            String options = " migration=" + DISCOVERY.get(discovery)
                                    + ("-".equals(pin) ? "" : " protocol=" + pin);
                            if (provider.flavour == Flavour.NEW && shape.startsWith("unified")
                                    && "interface".equals(discovery) && "tri".equals(pin)) {
                                unreachableInDubbo33(consumer, provider, group, what, options);
                            } else {
                                check(consumer, provider, group, consumer.flavour.hasJar, pin, what, options);
                            }
                        }
                    }
                    // a direct URL: a consumer with the jar says in it that the provider offers hessian2-time, as
                    // docs/dubbo.md tells; one without it has no such URL
                    String protocol = "tri".equals(shape) ? "tri" : shape.startsWith("unified") ? "tri" : "dubbo";
                    DubboFrameTap tap = "tri".equals(shape) ? provider.tripleTap
                            : shape.startsWith("unified") ? provider.unifiedTap : provider.tap;
                    String url = protocol + "://" + DubboFrameTap.REGISTERED_HOST + ":" + tap.port() + "/"
                            + TIME_SERVICE
                            + (consumer.flavour.hasJar ? "?prefer.serialization=" + PREFER : "");
                    check(consumer, provider, group, consumer.flavour.hasJar, protocol,
                            shape + ", direct " + protocol + " URL", " url=" + url);
                }
            }
        });
    }

    /**
     * Dubbo 3.3 registers no {@code tri} URL for a port-unified service with interface-level discovery (the extra
     * protocol is for application-level discovery only), and a reference pinned to {@code tri} takes no
     * {@code dubbo} URL: it finds no provider, with or without the jar.
     */
    private void unreachableInDubbo33(Peer consumer, Peer provider, String group, String what, String options)
            throws InterruptedException {
        String answer = consumer.send("refer a" + aliases.incrementAndGet() + " " + group + " " + registry + " by="
                + provider.name + options, STARTUP).line();
        assertTrue(answer.startsWith("FAIL") && answer.contains("No provider available"),
                consumer + " -> " + provider + " " + what + ": " + answer);
        rows.add(String.format("TRIPLE | %s | %s | %s | no provider | none (Dubbo 3.3: no tri URL registered)",
                consumer.flavour.label, provider.flavour.label, what));
    }

    /** The setting provider-wide and on the service works as on the protocol. */
    @Test
    void thePreferSettingProviderWideAndOnTheServiceWorksAsOnTheProtocol() throws Exception {
        perProvider(providersWithTheJar(), provider -> {
            for (String shape : List.of("tri", "unified")) {
                for (String placement : List.of("provider", "service")) {
                    String group = group(provider, shape, placement);
                    for (Peer consumer : peers.values()) {
                        for (String pin : List.of("-", "tri")) {
                            check(consumer, provider, group, consumer.flavour.hasJar, pin,
                                    shape + " pinned " + pin + ", prefer-serialization on the " + placement,
                                    "-".equals(pin) ? "" : " protocol=" + pin);
                        }
                    }
                }
            }
        });
    }

    /**
     * Consumers with and without the jar call one method of one provider over Triple at the same time, each in its
     * own format; every response goes out in its own request's format (Dubbo alone answers some calls in another
     * call's format, a race on a field every request of the method overwrites), no call fails, no value differs.
     */
    @Test
    void mixedLoadOnOneMethodAnswersEveryCallInItsOwnFormat() throws Exception {
        Peer provider = peers.get(Flavour.NEW);
        List<LoadConsumer> consumers = List.of(
                new LoadConsumer(peers.get(Flavour.NEW), "", TRIPLE_HESSIAN2_TIME),
                new LoadConsumer(peers.get(Flavour.DUBBO_336), "", HESSIAN4),
                new LoadConsumer(peers.get(Flavour.DUBBO_3219_JAR), "", TRIPLE_HESSIAN2_TIME),
                new LoadConsumer(peers.get(Flavour.DUBBO_3219), "", HESSIAN4));
        mixedLoad(provider, group(provider, "tri", "protocol"), consumers, "");
    }

    /**
     * The same on a 3.2.19 provider with Dubbo 3.2's default list ({@code fastjson2,hessian2}) behind hessian2-time:
     * consumers without the jar send fastjson2, one sets {@code hessian2} on its reference and sends it, consumers
     * with the jar send hessian2-time; three formats on one method at once.
     */
    @Test
    void mixedLoadUnderDubbo32sDefaultListAnswersEveryCallInItsOwnFormat() throws Exception {
        Peer provider = peers.get(Flavour.DUBBO_3219_JAR);
        List<LoadConsumer> consumers = List.of(
                new LoadConsumer(peers.get(Flavour.DUBBO_3219_JAR), "", TRIPLE_HESSIAN2_TIME),
                new LoadConsumer(peers.get(Flavour.DUBBO_3219), "", "fastjson2"),
                new LoadConsumer(peers.get(Flavour.DUBBO_32), "", "fastjson2"),
                new LoadConsumer(peers.get(Flavour.DUBBO_336), " prefer=hessian2", HESSIAN4));
        // fastjson2 is not exact at the edges of java.time's ranges (years past 9999, an OffsetTime in an Object):
        // everyday values here, as the load is about formats, not edges
        mixedLoad(provider, group(provider, "tri", "fastjson2"), consumers, " everyday");
    }

    /** A consumer of the mixed load: its refer options and the format its requests must have. */
    private record LoadConsumer(Peer peer, String options, String format) {
    }

    /**
     * Runs {@link #LOAD_CALLS} calls of {@code check} (or {@code checkEveryday}) from each consumer ({@link #LOAD_THREADS} threads each, all at
     * once) against {@code group} over Triple. The provider's tap must see each consumer's calls in its format, and
     * every response in its own request's format; no call may fail, no value differ.
     */
    private void mixedLoad(Peer provider, String group, List<LoadConsumer> consumers, String payload)
            throws Exception {
        // docs/dubbo.md ("One method, many formats at once") quotes this load
        DocsQuotes.assertDubboDocsQuote(String.format(Locale.ROOT, "Tested with %,d calls, %d in flight",
                LOAD_CALLS * consumers.size(), LOAD_THREADS * consumers.size()));
        FrameCounts before = provider.tripleTap.counts();
        List<String> aliases = new ArrayList<>();
        for (LoadConsumer consumer : consumers) {
            String alias = "load" + aliases.size() + "-" + group;
            consumer.peer().ok("refer " + alias + " " + group + " " + registry + " by=" + provider.name
                    + " protocol=tri" + consumer.options(), STARTUP);
            aliases.add(alias);
        }
        for (int i = 0; i < consumers.size(); i++) {
            consumers.get(i).peer().ok("load " + aliases.get(i) + " " + LOAD_THREADS + " " + LOAD_CALLS + payload, CALLS);
        }
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        Map<String, Long> expected = new java.util.TreeMap<>();
        List<String> summaries = new ArrayList<>();
        for (LoadConsumer consumer : consumers) {
            while (consumer.peer().ok("loadstatus", CALLS).longValue("calls") < LOAD_CALLS
                    && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            ChildJvm.Answer summary = consumer.peer().ok("stopload", CALLS);
            summaries.add(consumer.peer() + ": " + summary.line());
            assertTrue(summary.line().contains(" failed=0 wrong=0 "), consumer.peer() + ": " + summary);
            assertTrue(summary.longValue("calls") >= LOAD_CALLS, consumer.peer() + ": " + summary);
            expected.merge(consumer.format(), summary.longValue("calls"), Long::sum);
        }
        FrameCounts seen = provider.tripleTap.counts().minus(before);
        System.out.println("mixed load on " + provider + " " + group + ": " + summaries + "; the tap saw " + seen);
        assertEquals(expected, seen.tripleRequests(), "each consumer's calls in its format: " + seen);
        assertEquals(expected, seen.tripleResponses(), seen.toString());
        assertEquals(0, seen.tripleResponsesInAnotherFormat(), seen.toString());
    }

    /**
     * Generic calls ({@code $invoke}) over Triple stay on stock hessian2 ({@code hessian4} in every request's and
     * response's wrapper) from every consumer, the jar or not, to every provider with the jar: Dubbo's packable
     * method packs them, as the provider's answers to them. Every bag goes as a {@code TimeBag} and as the map of its
     * fields a generic caller without the class sends; the provider verifies each exactly. The answer is a word:
     * Dubbo turns a bean answer into a map by reflection into java.time's private fields, which JDK 17 refuses with
     * or without hessian-time.
     */
    @Test
    void genericCallsOverTripleStayOnStockHessian2() throws Exception {
        everyConsumerOverTriple("protocol", "generic=true", (consumer, provider, alias) -> {
            FrameCounts before = provider.tripleTap.counts();
            String answer = consumer.send("genericcall " + alias, CALLS).line();
            FrameCounts seen = provider.tripleTap.counts().minus(before);
            String context = consumer + " -> " + provider + " generic over tri";
            // every bag twice: as a TimeBag, and as the map of its fields
            assertEquals("OK generic calls=" + 2 * TimeBag.BAGS, answer, context);
            assertEquals(HESSIAN4, seen.onlyTripleSerialization(), context + ": " + seen);
            assertEquals(answer.replaceAll(".*calls=(\\d+).*", "$1"), Long.toString(seen.totalTripleRequests()),
                    context + ": " + seen);
            rows.add(String.format("TRIPLE | %s | %s | generic $invoke over tri | %s tri | hessian2 (generic)",
                    consumer.flavour.label, provider.flavour.label, seen.totalTripleRequests()));
        });
    }

    /**
     * The stream kinds of {@code TimeStreams}: the peer's {@code stream} command, and the Triple messages one stream
     * of the corpus ({@code TimeBag.BAGS} bags) puts on the wire each way. Dubbo types a plain interface's client
     * stream as a bidirectional one (the same signature); on the wire it is one stream with one answer.
     */
    private record StreamKind(String command, long requests, long responses) {
    }

    private static final List<StreamKind> STREAM_KINDS = List.of(new StreamKind("server", 1, TimeBag.BAGS),
            new StreamKind("client", TimeBag.BAGS, 1), new StreamKind("bidi", TimeBag.BAGS, TimeBag.BAGS));

    /**
     * For each provider with the jar (each in a thread of its own), every consumer refers the provider's {@code tri}
     * group of {@code placement}, pinned to Triple, with the refer {@code option}, and runs {@code task} on it.
     */
    private void everyConsumerOverTriple(String placement, String option, ReferenceTask task) throws Exception {
        perProvider(providersWithTheJar(), provider -> {
            String group = group(provider, "tri", placement);
            for (Peer consumer : peers.values()) {
                String alias = "t" + aliases.incrementAndGet();
                consumer.ok("refer " + alias + " " + group + " " + registry + " by=" + provider.name + " protocol=tri "
                        + option, STARTUP);
                task.run(consumer, provider, alias);
            }
        });
    }

    @FunctionalInterface
    private interface ReferenceTask {
        void run(Peer consumer, Peer provider, String alias) throws Exception;
    }

    /**
     * Streaming methods over Triple stay on stock hessian2 ({@code hessian4} in every message's wrapper), requests
     * and responses, from every consumer, the jar or not, to every provider with the jar (which advertises
     * {@code hessian2-time,hessian2}): hessian-time packs unary methods only and Dubbo's own packable method never
     * gets a list with hessian2-time first. A server, a client and a bidirectional stream of the whole corpus each:
     * every stream completes, every bag arrives exact both ways (the provider checks each it receives, the consumer
     * each it gets back), and the provider's tap reads every message of the stream, each one {@code hessian4}.
     */
    @Test
    void streamingMethodsOverTripleStayOnStockHessian2BothWays() throws Exception {
        everyConsumerOverTriple("streams", "service=streams", (consumer, provider, alias) -> {
            for (StreamKind kind : STREAM_KINDS) {
                String context = consumer + " -> " + provider + " " + kind.command() + " stream over tri";
                FrameCounts before = provider.tripleTap.counts();
                String answer = consumer.send("stream " + alias + " " + kind.command(), CALLS).line();
                assertEquals("OK kind=" + kind.command() + " sent=" + kind.requests() + " received="
                        + kind.responses(), answer, context);
                // the consumer has every answer once the tap relayed it; the requests were counted before
                FrameCounts seen = provider.tripleTap.awaitCounts(counts -> {
                    FrameCounts delta = counts.minus(before);
                    return delta.totalTripleRequests() >= kind.requests()
                            && delta.tripleResponses().values().stream().mapToLong(Long::longValue).sum()
                            >= kind.responses();
                }, CALLS.toMillis(), context).minus(before);
                assertEquals(Map.of(HESSIAN4, kind.requests()), seen.tripleRequests(), context + ": " + seen);
                assertEquals(Map.of(HESSIAN4, kind.responses()), seen.tripleResponses(), context + ": " + seen);
                rows.add(String.format("TRIPLE | %s | %s | %s stream over tri | %s tri messages in, %s out | %s",
                        consumer.flavour.label, provider.flavour.label, kind.command(), kind.requests(),
                        kind.responses(), "hessian2 (stream)"));
            }
        });
    }

    /**
     * The Dubbo internals hessian-time's Triple support relies on are all there, with their signatures, on every
     * line: the same check hessian-time makes when it loads, run in each peer with the jar.
     */
    @Test
    void everyDubboLineHasEveryInternalTripleSupportReliesOn() throws Exception {
        for (Line line : LINES) {
            ChildJvm.Answer linkage = peers.get(line.withJar).ok("triplelinkage", CALLS);
            assertEquals("[]", linkage.value("missing"), line.label + ": " + linkage);
            assertEquals("null", linkage.value("unavailable"), line.label + ": " + linkage);
        }
    }

    @Test
    void dubbo32HasNoPreferredProtocolAndHealthyPeersWarnNothing() throws Exception {
        for (Flavour flavour : List.of(Flavour.DUBBO_32_JAR, Flavour.DUBBO_3219_JAR)) {
            String answer = peers.get(flavour).send("provide no-preferred " + registry + " " + PREFER
                    + " unified-preferred protocol", STARTUP).line();
            assertTrue(answer.startsWith("FAIL preferred-protocol does not exist"), flavour + ": " + answer);
        }
        for (Line line : LINES) {
            String log = peers.get(line.withJar).logText();
            assertFalse(log.contains("does not travel over Triple"), line.label + ": " + log);
            assertFalse(log.contains("hessian2-time cannot initialise"), line.label + ": " + log);
        }
    }
}
