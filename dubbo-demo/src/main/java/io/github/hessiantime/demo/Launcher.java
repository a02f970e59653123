package io.github.hessiantime.demo;

import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.consumer.ConcurrentCalls;
import io.github.hessiantime.demo.consumer.ConcurrentCalls.Outcome;
import io.github.hessiantime.demo.consumer.OrderConsumer;
import io.github.hessiantime.demo.consumer.Payload;
import io.github.hessiantime.demo.wiretap.FrameCounts;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs the whole demo: a ZooKeeper registry (embedded unless {@code --zookeeper=host:port}), a provider with
 * hessian-time, an old provider in a JVM without the hessian-time jar, and a consumer (this JVM) that calls both.
 * It prints what was negotiated with each provider, the bytes per call in each format, a throughput comparison and
 * whether every value came back equal; it exits 0 only if all of that is as expected.
 *
 * <pre>
 * java -cp ... Launcher [--zookeeper=host:port] [--calls=2000] [--summary=file.properties] [--logs=dir]
 * </pre>
 */
public final class Launcher {

    static final String HESSIAN2 = "hessian2";
    static final String HESSIAN2_TIME = "hessian2-time";
    private static final String NEW = "new-provider";
    private static final String OLD = "old-provider";
    private static final int IN_FLIGHT = 16;
    private static final int CHECK_CALLS = 200;
    private static final int MEASURED_ROUNDS = 3;

    private final String zookeeper;
    private final int throughputCalls;
    private final Path summaryFile;
    private final Path logs;
    private final long started = System.nanoTime();
    private final Deque<AutoCloseable> toClose = new ArrayDeque<>();
    private final List<String> failures = new ArrayList<>();
    private final Map<String, String> summary = new TreeMap<>();
    private final ConcurrentCalls calls = new ConcurrentCalls(IN_FLIGHT);
    private long nextSampleId = 1;
    private volatile boolean interrupted;
    private volatile boolean finished;

    private Launcher(Arguments arguments) throws IOException {
        this.zookeeper = arguments.value("zookeeper", null);
        this.throughputCalls = Integer.parseInt(arguments.value("calls", "2000"));
        String summaryPath = arguments.value("summary", null);
        this.summaryFile = summaryPath == null ? null : Paths.get(summaryPath).toAbsolutePath();
        String logsPath = arguments.value("logs", null);
        this.logs = logsPath == null ? Files.createTempDirectory("hessian-time-demo-")
                : Files.createDirectories(Paths.get(logsPath)).toAbsolutePath();
    }

    public static void main(String[] args) {
        DubboOnNewerJdks.preferFastjson2ForDubboJson();
        Launcher launcher;
        try {
            launcher = new Launcher(new Arguments(args, Set.of("zookeeper", "calls", "summary", "logs")));
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("hessian-time demo: " + e.getMessage());
            System.exit(2);
            return;
        }
        // Ctrl-C or a kill: still stop every process this launcher started.
        Runtime.getRuntime().addShutdownHook(new Thread(launcher::interrupted, "demo-cleanup"));
        int status;
        try {
            status = launcher.run();
        } catch (Throwable e) {
            status = launcher.abort(e);
        }
        launcher.closeAll();
        System.exit(status);
    }

    /** The shutdown hook: the JVM is going down before the demo finished (or right after it did). */
    private void interrupted() {
        if (!finished) {
            interrupted = true;
            System.out.println();
            System.out.println("interrupted: stopping every process the demo started");
            calls.cancel();
            try {
                Thread.sleep(500); // let the calls in flight finish before their providers go away
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        closeAll();
    }

    /** Reports a step that could not complete (and writes the summary, marked FAIL). */
    private int abort(Throwable e) {
        if (interrupted) {
            return 130;
        }
        System.out.println();
        if (e instanceof IllegalStateException) {
            System.out.println("FAILED: " + e.getMessage()); // a failure this launcher detected and explained
        } else {
            e.printStackTrace(System.out);
        }
        failures.add(String.valueOf(e).replace('\n', ' '));
        try {
            return finish();
        } catch (IOException | RuntimeException summaryError) {
            System.out.println("could not write the summary: " + summaryError);
            return 1;
        }
    }

    private int run() throws Exception {
        System.out.println("hessian-time Dubbo demo: Dubbo " + org.apache.dubbo.common.Version.getVersion()
                + ", Java " + Runtime.version() + "; consumer calls run on " + calls.threads());
        System.out.println("provider logs: " + logs);

        step(1, "ZooKeeper registry");
        String registry = startRegistry();

        step(2, "providers: '" + NEW + "' (with hessian-time) and '" + OLD
                + "' (a JVM whose classpath lacks the hessian-time jar)");
        String runId = Long.toString(ProcessHandle.current().pid());
        Classpaths classpaths = Classpaths.ofThisJvm();
        // both JVMs start in parallel, then each is awaited
        ProviderProcess newStarting = startProvider(NEW + "-" + runId, false, classpaths.withHessianTime, registry);
        ProviderProcess oldStarting = startProvider(OLD + "-" + runId, true, classpaths.withoutHessianTime, registry);
        ReadyProvider newProvider = awaitReady(NEW, newStarting);
        ReadyProvider oldProvider = awaitReady(OLD, oldStarting);
        expect(newProvider.hessianTimeOnClasspath(), NEW + " must have hessian-time");
        expect(!oldProvider.hessianTimeOnClasspath(), OLD + " must not be able to load hessian-time classes");

        step(3, "consumer (this JVM, hessian-time on its classpath) subscribes to both providers");
        OrderConsumer consumer = new OrderConsumer(registry);
        track(consumer);
        Route compact = new Route(newProvider, consumer.connect(newProvider.process.name), "(nothing)", HESSIAN2_TIME);
        Route plain = new Route(newProvider, consumer.connectWithHessian2Only(newProvider.process.name),
                "hessian2 only", HESSIAN2);
        Route fallback = new Route(oldProvider, consumer.connect(oldProvider.process.name), "(nothing)", HESSIAN2);
        List<Route> routes = List.of(compact, plain, fallback);
        System.out.println("  " + routes.size() + " references ready");

        step(4, "equality and bytes: " + CHECK_CALLS + " calls per DTO on each of the " + routes.size() + " routes");
        for (Route route : routes) {
            for (Payload payload : Payload.values()) {
                FrameCounts before = route.provider.process.wiretap.counts();
                Outcome outcome = call(route, payload, CHECK_CALLS);
                route.recordFrames(payload, outcome, route.provider.process.wiretap.counts().minus(before));
                System.out.print(".");
            }
        }
        System.out.println();
        printNegotiation(routes);
        printBytes(routes);

        step(5, "throughput on " + NEW + ": Date-DTO vs LocalDateTime-DTO, hessian2 vs hessian2-time ("
                + IN_FLIGHT + " calls in flight, warm-up + best of " + MEASURED_ROUNDS + " rounds of "
                + throughputCalls + " calls)");
        printThroughput(measureThroughput(plain, compact), plain, compact);

        printEquality(routes);
        summary.put("call-threads", calls.usesVirtualThreads() ? "virtual" : "platform");
        summary.put("java.feature", Integer.toString(Runtime.version().feature()));
        return finish();
    }

    /** Runs {@code count} calls over {@code route} and books their equality. */
    private Outcome call(Route route, Payload payload, int count) throws InterruptedException {
        Outcome outcome = calls.run(route.service, payload, nextSampleId, count);
        nextSampleId += count;
        route.recordEquality(payload, outcome);
        return outcome;
    }

    /** Best calls/s per DTO and route over the measured rounds, after a warm-up round. */
    private Map<Payload, Map<Route, Double>> measureThroughput(Route plain, Route compact)
            throws InterruptedException {
        Map<Payload, Map<Route, Double>> best = new EnumMap<>(Payload.class);
        for (int round = 0; round <= MEASURED_ROUNDS; round++) {
            for (Payload payload : List.of(Payload.DATE_DTO, Payload.LOCAL_DATE_TIME_DTO)) {
                // alternate which format goes first, so neither always runs on a warmer JVM
                for (Route route : round % 2 == 0 ? List.of(plain, compact) : List.of(compact, plain)) {
                    Outcome outcome = call(route, payload, throughputCalls);
                    if (round > 0) { // round 0 warms up both JVMs
                        best.computeIfAbsent(payload, p -> new LinkedHashMap<>())
                                .merge(route, outcome.callsPerSecond(), Math::max);
                    }
                }
            }
            System.out.print(round == 0 ? "  warm-up done " : "round " + round + " done ");
        }
        System.out.println();
        return best;
    }

    private void printEquality(List<Route> routes) {
        long callCount = routes.stream().mapToLong(route -> route.calls).sum();
        long different = routes.stream().mapToLong(route -> route.different).sum();
        long failed = routes.stream().mapToLong(route -> route.failed).sum();
        long equalTimeValues = routes.stream().mapToLong(route -> route.equalTimeValues).sum();
        System.out.println();
        System.out.println("== Equality");
        System.out.printf(Locale.ROOT, "%,d calls, %,d came back different, %,d failed: %s%n", callCount, different,
                failed, different + failed == 0
                        ? String.format(Locale.ROOT, "all %,d time values came back equal (the provider compared each"
                        + " request, the consumer each response)", equalTimeValues * 2)
                        : "NOT all values came back equal");
        summary.put("calls", Long.toString(callCount));
        summary.put("calls.different", Long.toString(different));
        summary.put("calls.failed", Long.toString(failed));
    }

    private String startRegistry() throws Exception {
        if (zookeeper != null) {
            String[] hostPort = zookeeper.split(":");
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), 3000);
            } catch (IOException | RuntimeException e) {
                throw new IllegalStateException("cannot reach the ZooKeeper at '" + zookeeper + "' (" + e + ")");
            }
            System.out.println("  external ZooKeeper at " + zookeeper);
            return "zookeeper://" + zookeeper;
        }
        File data = Files.createTempDirectory("hessian-time-demo-zookeeper-").toFile();
        InstanceSpec loopbackOnly = new InstanceSpec(data, -1, -1, -1, true, 1, -1, -1,
                Map.of("clientPortAddress", "127.0.0.1"), "127.0.0.1");
        TestingServer server = new TestingServer(loopbackOnly, true);
        track(server);
        System.out.println("  embedded ZooKeeper at 127.0.0.1:" + server.getPort()
                + " (use --zookeeper=host:port for an external one)");
        return "zookeeper://127.0.0.1:" + server.getPort();
    }

    private ProviderProcess startProvider(String name, boolean legacy, String classpath, String registry)
            throws IOException {
        ProviderProcess provider = ProviderProcess.start(name, legacy, classpath, registry, logs);
        track(provider);
        return provider;
    }

    /**
     * Waits for a provider's ready line (dots show progress). A provider whose free port was taken by another
     * process in the meantime is started again on another one.
     */
    private ReadyProvider awaitReady(String label, ProviderProcess provider) throws InterruptedException, IOException {
        for (int attempt = 1; ; attempt++) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            System.out.print("  " + provider.name + " ");
            while (!provider.awaitReady(2, TimeUnit.SECONDS) && System.nanoTime() < deadline) {
                System.out.print(".");
            }
            String ready = provider.readyLine();
            if (ready != null) {
                System.out.printf(Locale.ROOT, " ready after %.1f s: %s%n", seconds(),
                        ready.substring(ready.indexOf(':') + 2));
                return new ReadyProvider(label, provider, Stream.of(ready.split(" "))
                        .filter(field -> field.contains("="))
                        .collect(Collectors.toMap(f -> f.substring(0, f.indexOf('=')),
                                f -> f.substring(f.indexOf('=') + 1))));
            }
            if (attempt < 3 && provider.lostItsPort()) {
                System.out.println(" its port was taken meanwhile; starting it again on another port");
                untrack(provider);
                provider.close();
                provider = provider.startAgain(logs);
                track(provider);
                continue;
            }
            throw new IllegalStateException(provider.name + " did not become ready; the end of " + provider.log
                    + ":\n" + provider.logTail(30));
        }
    }

    /** A provider that printed its ready line, with the fields of that line. */
    private record ReadyProvider(String label, ProviderProcess process, Map<String, String> readyFields) {
        boolean hessianTimeOnClasspath() {
            return "true".equals(readyFields.get("hessian-time-on-classpath"));
        }

        String preferSerialization() {
            return readyFields.get("prefer-serialization");
        }
    }

    private void printNegotiation(List<Route> routes) {
        System.out.println();
        System.out.println("== Negotiated serialization (from the serialization id in every dubbo frame header)");
        System.out.printf("%-13s %-15s %-24s %-15s %-15s %s%n", "provider", "hessian-time", "advertises",
                "consumer asks", "on the wire", "expected");
        for (Route route : routes) {
            String onWire = route.onWire();
            boolean asExpected = onWire.equals(route.expected);
            expect(asExpected, route + ": expected " + route.expected + " on the wire, saw " + onWire);
            System.out.printf("%-13s %-15s %-24s %-15s %-15s %s%n", route.provider.label,
                    route.provider.hessianTimeOnClasspath() ? "jar present" : "jar ABSENT",
                    route.provider.preferSerialization(), route.consumerAsks, onWire,
                    asExpected ? "yes" + (route.provider.label.equals(OLD) ? " (fallback)" : "")
                            : "NO, expected " + route.expected);
            summary.put("route." + route.key() + ".serialization", onWire);
            summary.put(route.provider.label + ".hessian-time-on-classpath",
                    Boolean.toString(route.provider.hessianTimeOnClasspath()));
        }
        summary.put(NEW + ".negotiated", routes.get(0).onWire());
        summary.put(OLD + ".negotiated", routes.get(2).onWire());
    }

    private void printBytes(List<Route> routes) {
        System.out.println();
        System.out.println("== Bytes per call: request / response frame, dubbo header included");
        StringBuilder header = new StringBuilder(String.format("%-20s", "DTO"));
        for (Route route : routes) {
            header.append(String.format("  %-27s", route.provider.label + " " + route.onWire()));
        }
        System.out.println(header.append("  hessian2-time saves"));
        for (Payload payload : Payload.values()) {
            StringBuilder line = new StringBuilder(String.format("%-20s", payload.label()));
            for (Route route : routes) {
                line.append(String.format(Locale.ROOT, "  %-27s", String.format(Locale.ROOT, "%.0f / %.0f",
                        route.requestBytesPerCall.get(payload), route.responseBytesPerCall.get(payload))));
                summary.put("bytes." + route.key() + "." + payload.name() + ".request",
                        String.format(Locale.ROOT, "%.1f", route.requestBytesPerCall.get(payload)));
                summary.put("bytes." + route.key() + "." + payload.name() + ".response",
                        String.format(Locale.ROOT, "%.1f", route.responseBytesPerCall.get(payload)));
            }
            double plain = routes.get(1).requestBytesPerCall.get(payload);
            double compact = routes.get(0).requestBytesPerCall.get(payload);
            double plainResponse = routes.get(1).responseBytesPerCall.get(payload);
            double compactResponse = routes.get(0).responseBytesPerCall.get(payload);
            line.append(String.format(Locale.ROOT, "  %.0f%% / %.0f%%", 100 * (1 - compact / plain),
                    100 * (1 - compactResponse / plainResponse)));
            System.out.println(line);
        }
        for (Payload payload : Payload.values()) {
            System.out.println("  " + payload.description());
        }
    }

    private void printThroughput(Map<Payload, Map<Route, Double>> best, Route plain, Route compact) {
        System.out.println();
        System.out.println("== Throughput on " + NEW + ", calls/s (best round; both formats against the same JVM)");
        System.out.printf("%-20s %12s %14s%n", "DTO", HESSIAN2, HESSIAN2_TIME);
        for (Map.Entry<Payload, Map<Route, Double>> entry : best.entrySet()) {
            double plainRate = entry.getValue().get(plain);
            double compactRate = entry.getValue().get(compact);
            System.out.printf(Locale.ROOT, "%-20s %,12.0f %,14.0f%n", entry.getKey().label(), plainRate, compactRate);
            summary.put("throughput." + entry.getKey().name() + "." + HESSIAN2, String.format(Locale.ROOT, "%.0f",
                    plainRate));
            summary.put("throughput." + entry.getKey().name() + "." + HESSIAN2_TIME, String.format(Locale.ROOT,
                    "%.0f", compactRate));
        }
        Map<Route, Double> dates = best.get(Payload.DATE_DTO);
        Map<Route, Double> localDateTimes = best.get(Payload.LOCAL_DATE_TIME_DTO);
        System.out.printf(Locale.ROOT, "LocalDateTime-DTO relative to Date-DTO: %.2fx with hessian2, %.2fx with "
                        + "hessian2-time%n", localDateTimes.get(plain) / dates.get(plain),
                localDateTimes.get(compact) / dates.get(compact));
        System.out.println("(Date-DTO calls are byte for byte the same in both formats: the gap between its two"
                + " numbers is this machine's measurement noise)");
    }

    private int finish() throws IOException {
        finished = true;
        String result = failures.isEmpty() ? "PASS" : "FAIL";
        summary.put("result", result);
        summary.put("seconds", String.format(Locale.ROOT, "%.1f", seconds()));
        summary.put("failures", String.join(" | ", failures));
        if (summaryFile != null) {
            Properties properties = new Properties();
            properties.putAll(summary);
            Files.createDirectories(summaryFile.getParent());
            try (Writer writer = Files.newBufferedWriter(summaryFile)) {
                properties.store(writer, "hessian-time demo summary");
            }
        }
        System.out.println();
        failures.forEach(failure -> System.out.println("FAILURE: " + failure));
        System.out.printf(Locale.ROOT, "RESULT: %s in %.1f s%n", result, seconds());
        return failures.isEmpty() ? 0 : 1;
    }

    private void expect(boolean condition, String failure) {
        if (interrupted) {
            throw new IllegalStateException("interrupted"); // calls fail because everything is being stopped
        }
        if (!condition) {
            failures.add(failure);
        }
    }

    private void step(int number, String text) {
        if (interrupted) {
            throw new IllegalStateException("interrupted");
        }
        System.out.printf(Locale.ROOT, "[%d/5 %5.1f s] %s%n", number, seconds(), text);
    }

    private double seconds() {
        return (System.nanoTime() - started) / 1e9;
    }

    /** Remembers {@code resource} to close at the end (the shutdown hook may be closing from another thread). */
    private synchronized void track(AutoCloseable resource) {
        toClose.push(resource);
    }

    private synchronized void untrack(AutoCloseable resource) {
        toClose.remove(resource);
    }

    /** Stops everything started, newest first; safe to call twice (normal end, then the shutdown hook). */
    private synchronized void closeAll() {
        boolean providersAsked = false;
        while (!toClose.isEmpty()) {
            AutoCloseable resource = toClose.pop();
            if (resource instanceof ProviderProcess && !providersAsked) {
                // the consumer is closed by now; ask all providers at once, so they shut down in parallel
                toClose.stream().filter(ProviderProcess.class::isInstance)
                        .forEach(provider -> ((ProviderProcess) provider).requestStop());
                ((ProviderProcess) resource).requestStop();
                providersAsked = true;
            }
            try {
                resource.close();
            } catch (Exception e) {
                System.out.println("while stopping " + resource + ": " + e);
            }
        }
    }

    /** One way the consumer reaches a provider, and what went over it. */
    private final class Route {
        final ReadyProvider provider;
        final OrderService service;
        final String consumerAsks;
        final String expected;
        final Map<Payload, Double> requestBytesPerCall = new EnumMap<>(Payload.class);
        final Map<Payload, Double> responseBytesPerCall = new EnumMap<>(Payload.class);
        final Set<String> formatsSeen = new TreeSet<>();
        long calls;
        long different;
        long failed;
        long equalTimeValues;

        Route(ReadyProvider provider, OrderService service, String consumerAsks, String expected) {
            this.provider = provider;
            this.service = service;
            this.consumerAsks = consumerAsks;
            this.expected = expected;
        }

        void recordEquality(Payload payload, Outcome outcome) {
            calls += outcome.calls();
            different += outcome.different();
            failed += outcome.failed();
            equalTimeValues += outcome.equal() * payload.timeValuesPerCall();
            expect(outcome.allEqual(), this + " " + payload + ": " + outcome.different() + " different, "
                    + outcome.failed() + " failed; first: " + outcome.firstProblem());
        }

        /** What the wiretap saw during {@code outcome}'s calls (and nothing else went to this provider). */
        void recordFrames(Payload payload, Outcome outcome, FrameCounts seen) {
            int serializationId = seen.onlySerializationId();
            formatsSeen.add(serializationId < 0 ? "mixed " + seen.requestFrames() + "/" + seen.responseFrames()
                    : SerializationNames.of(serializationId));
            expect(seen.totalRequests() == outcome.calls(), this + " " + payload + ": " + outcome.calls()
                    + " calls but the wiretap saw " + seen.totalRequests() + " requests");
            requestBytesPerCall.put(payload, sum(seen.requestBytes()) / (double) outcome.calls());
            responseBytesPerCall.put(payload, sum(seen.responseBytes()) / (double) outcome.calls());
        }

        String onWire() {
            return String.join("+", formatsSeen);
        }

        String key() {
            return provider.label + (consumerAsks.startsWith("hessian2") ? ".hessian2-only" : "");
        }

        private long sum(Map<Integer, Long> bytes) {
            return bytes.values().stream().mapToLong(Long::longValue).sum();
        }

        @Override
        public String toString() {
            return provider.label + (consumerAsks.startsWith("hessian2") ? " (consumer asks hessian2 only)" : "");
        }
    }

    /** Names for the serialization ids seen on the wire, from the serializations Dubbo has in this JVM. */
    static final class SerializationNames {
        private static final Map<Integer, String> NAMES = new TreeMap<>();

        static {
            var loader = FrameworkModel.defaultModel().getExtensionLoader(Serialization.class);
            for (String name : loader.getSupportedExtensions()) {
                try {
                    NAMES.putIfAbsent((int) loader.getExtension(name).getContentTypeId(), name);
                } catch (RuntimeException | LinkageError unavailable) {
                    // an extension whose library is missing cannot have been on the wire either
                }
            }
        }

        static String of(int serializationId) {
            return NAMES.getOrDefault(serializationId, "id " + serializationId);
        }
    }

    /** This JVM's classpath, and the same without the entry hessian-time's classes come from. */
    static final class Classpaths {
        final String withHessianTime;
        final String withoutHessianTime;

        private Classpaths(String withHessianTime, String withoutHessianTime) {
            this.withHessianTime = withHessianTime;
            this.withoutHessianTime = withoutHessianTime;
        }

        static Classpaths ofThisJvm() throws ClassNotFoundException, URISyntaxException {
            // hessian-time is a runtime-only dependency: its class is looked up by name, never imported
            Path hessianTime = Paths.get(Class.forName("ht.Instant").getProtectionDomain().getCodeSource()
                    .getLocation().toURI()).toAbsolutePath().normalize();
            String classpath = System.getProperty("java.class.path");
            List<String> entries = List.of(classpath.split(File.pathSeparator));
            List<String> without = entries.stream()
                    .filter(entry -> !Paths.get(entry).toAbsolutePath().normalize().equals(hessianTime))
                    .collect(Collectors.toList());
            if (without.size() != entries.size() - 1) {
                throw new IllegalStateException("hessian-time (" + hessianTime + ") is not exactly one entry of "
                        + "java.class.path; run the Launcher with a plain -cp");
            }
            return new Classpaths(classpath, String.join(File.pathSeparator, without));
        }
    }
}
