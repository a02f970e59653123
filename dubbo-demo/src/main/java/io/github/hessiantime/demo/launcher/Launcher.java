package io.github.hessiantime.demo.launcher;

import io.github.hessiantime.demo.DubboOnNewerJdks;
import io.github.hessiantime.demo.api.OrderService;
import io.github.hessiantime.demo.consumer.ConcurrentCalls;
import io.github.hessiantime.demo.consumer.ConcurrentCalls.Outcome;
import io.github.hessiantime.demo.consumer.OrderConsumer;
import io.github.hessiantime.demo.consumer.Payload;
import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.FrameCounts;
import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs the demo: a ZooKeeper registry (embedded unless {@code --zookeeper=host:port}), a provider with hessian-time,
 * an old provider in a JVM without the hessian-time jar, and a consumer (this JVM) that calls both. Everything binds
 * and registers loopback addresses only. It prints what was on the wire per provider, the bytes per call in each
 * format, a throughput comparison and whether every value came back equal, and writes the same as JSON
 * ({@link Summary}, {@code --summary=file.json}). It exits 0 when it ran to the end and every value came back equal.
 *
 * <pre>
 * java -cp ... Launcher [--zookeeper=host:port] [--calls=2000] [--summary=summary.json] [--logs=dir]
 * </pre>
 */
public final class Launcher {

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
    private final ConcurrentCalls calls = new ConcurrentCalls(IN_FLIGHT);
    private final List<Summary.Provider> providers = new ArrayList<>();
    private final List<Route> routes = new ArrayList<>();
    private final Map<Payload, Summary.Throughput> throughput = new EnumMap<>(Payload.class);
    private long nextSampleId = 1;
    private volatile boolean interrupted;
    private volatile boolean finished;

    private Launcher(String zookeeper, int throughputCalls, Path summaryFile, Path logs) {
        this.zookeeper = zookeeper;
        this.throughputCalls = throughputCalls;
        this.summaryFile = summaryFile;
        this.logs = logs;
    }

    /** The command line: {@code --zookeeper=host:port --calls=2000 --summary=file.json --logs=dir}. */
    private static Launcher parse(String[] args) throws IOException {
        OptionParser parser = new OptionParser();
        OptionSpec<String> zookeeper = parser.accepts("zookeeper").withRequiredArg();
        OptionSpec<Integer> calls = parser.accepts("calls").withRequiredArg().ofType(Integer.class).defaultsTo(2000);
        OptionSpec<String> summary = parser.accepts("summary").withRequiredArg();
        OptionSpec<String> logs = parser.accepts("logs").withRequiredArg();
        OptionSet options = parser.parse(args);
        return new Launcher(options.valueOf(zookeeper), options.valueOf(calls),
                options.has(summary) ? Paths.get(options.valueOf(summary)).toAbsolutePath() : null,
                options.has(logs) ? Files.createDirectories(Paths.get(options.valueOf(logs))).toAbsolutePath()
                        : Files.createTempDirectory("hessian-time-demo-"));
    }

    public static void main(String[] args) {
        DubboOnNewerJdks.preferFastjson2ForDubboJson();
        Launcher launcher;
        try {
            launcher = parse(args);
        } catch (OptionException | IOException e) {
            System.err.println("hessian-time demo: " + e.getMessage());
            System.exit(2);
            return;
        }
        // Ctrl-C or a kill: still stop every process this launcher started.
        Runtime.getRuntime().addShutdownHook(new Thread(launcher::stopEarly, "demo-cleanup"));
        String error = null;
        try {
            launcher.run();
        } catch (DemoStopped e) {
            error = e.getMessage();
        } catch (Exception e) {
            error = e.toString();
            if (!launcher.interrupted) {
                e.printStackTrace(System.out); // not one of the stops the demo explains itself
            }
        }
        int status = launcher.finish(error);
        launcher.closeAll();
        System.exit(status);
    }

    private void run() throws Exception {
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
        ProviderJvm newStarting = track(ProviderJvm.start(NEW + "-" + runId, false,
                classpaths.withHessianTime, registry, logs));
        ProviderJvm oldStarting = track(ProviderJvm.start(OLD + "-" + runId, true,
                classpaths.withoutHessianTime, registry, logs));
        ProviderJvm newProvider = awaitReady(NEW, newStarting);
        ProviderJvm oldProvider = awaitReady(OLD, oldStarting);

        step(3, "consumer (this JVM, hessian-time on its classpath) subscribes to both providers");
        OrderConsumer consumer = track(new OrderConsumer(registry));
        Route compact = new Route(NEW, NEW, newProvider, "(nothing)", consumer.connect(newProvider.name));
        Route plain = new Route(NEW + ".hessian2-only", NEW, newProvider, "hessian2 only",
                consumer.connectWithHessian2Only(newProvider.name));
        Route fallback = new Route(OLD, OLD, oldProvider, "(nothing)", consumer.connect(oldProvider.name));
        routes.addAll(List.of(compact, plain, fallback));

        step(4, "equality and bytes: " + CHECK_CALLS + " calls per DTO on each of the " + routes.size() + " routes");
        for (Route route : routes) {
            for (Payload payload : Payload.values()) {
                FrameCounts before = route.process.tap.counts();
                Outcome outcome = call(route, payload, CHECK_CALLS);
                route.recordFrames(payload, outcome, route.process.tap.counts().minus(before));
            }
        }

        step(5, "throughput on " + NEW + ": Date-DTO vs LocalDateTime-DTO, hessian2 vs hessian2-time ("
                + IN_FLIGHT + " calls in flight, warm-up + best of " + MEASURED_ROUNDS + " rounds of "
                + throughputCalls + " calls)");
        measureThroughput(plain, compact);
    }

    /** Runs {@code count} calls over {@code route} and books their outcome. */
    private Outcome call(Route route, Payload payload, int count) throws InterruptedException {
        Outcome outcome = calls.run(route.service, payload, nextSampleId, count);
        nextSampleId += count;
        route.recordOutcome(outcome);
        return outcome;
    }

    /** Best calls/s per DTO and format over the measured rounds, after a warm-up round. */
    private void measureThroughput(Route plain, Route compact) throws InterruptedException {
        for (Payload payload : List.of(Payload.DATE_DTO, Payload.LOCAL_DATE_TIME_DTO)) {
            throughput.put(payload, new Summary.Throughput(0, 0));
        }
        for (int round = 0; round <= MEASURED_ROUNDS; round++) {
            for (Payload payload : List.of(Payload.DATE_DTO, Payload.LOCAL_DATE_TIME_DTO)) {
                // alternate which format goes first, so neither always runs on a warmer JVM
                for (Route route : round % 2 == 0 ? List.of(plain, compact) : List.of(compact, plain)) {
                    double rate = call(route, payload, throughputCalls).callsPerSecond();
                    if (round > 0) { // round 0 warms up both JVMs
                        Summary.Throughput best = throughput.get(payload);
                        throughput.put(payload, route == plain
                                ? new Summary.Throughput(Math.max(best.hessian2(), rate), best.hessian2Time())
                                : new Summary.Throughput(best.hessian2(), Math.max(best.hessian2Time(), rate)));
                    }
                }
            }
        }
    }

    private String startRegistry() throws Exception {
        if (zookeeper != null) {
            String[] hostPort = zookeeper.split(":");
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])), 3000);
            } catch (IOException | RuntimeException e) {
                throw new DemoStopped("cannot reach the ZooKeeper at '" + zookeeper + "' (" + e + ")");
            }
            System.out.println("  external ZooKeeper at " + zookeeper);
            return "zookeeper://" + zookeeper;
        }
        java.io.File data = Files.createTempDirectory("hessian-time-demo-zookeeper-").toFile();
        InstanceSpec loopbackOnly = new InstanceSpec(data, -1, -1, -1, true, 1, -1, -1,
                Map.of("clientPortAddress", "127.0.0.1"), "127.0.0.1");
        TestingServer server = track(new TestingServer(loopbackOnly, true));
        System.out.println("  embedded ZooKeeper at 127.0.0.1:" + server.getPort()
                + " (use --zookeeper=host:port for an external one)");
        return "zookeeper://127.0.0.1:" + server.getPort();
    }

    /**
     * Waits for a provider's ready line and records what it says about itself. A provider whose free port was taken
     * by another process in the meantime is started again on another one.
     */
    private ProviderJvm awaitReady(String label, ProviderJvm provider) throws InterruptedException, IOException {
        for (int attempt = 1; ; attempt++) {
            ChildJvm.Answer ready = provider.awaitReady(TimeUnit.SECONDS.toMillis(120));
            if (ready.ok()) {
                System.out.printf(Locale.ROOT, "  %s ready after %.1f s: %s%n", provider.name, seconds(),
                        ready.line().substring(ready.line().indexOf(':') + 2));
                Map<String, String> fields = ready.values();
                providers.add(new Summary.Provider(label, Long.parseLong(fields.get("pid")), fields.get("host"),
                        Boolean.parseBoolean(fields.get("hessian-time-on-classpath")),
                        fields.get("prefer-serialization")));
                return provider;
            }
            if (attempt < 3 && provider.lostItsPort()) {
                System.out.println("  " + provider.name + ": its port was taken meanwhile; starting it again on"
                        + " another port");
                untrack(provider);
                provider.close();
                provider = track(provider.startAgain(logs));
                continue;
            }
            throw new DemoStopped(provider.name + " did not become ready (" + ready.line() + "); see " + provider.log);
        }
    }

    /** Writes the summary (if asked) and the tables; the exit status. */
    private int finish(String error) {
        finished = true;
        if (interrupted) {
            return 130; // the JVM is going down on a signal and sets its own status
        }
        Summary summary = new Summary(org.apache.dubbo.common.Version.getVersion(), Runtime.version().feature(),
                calls.usesVirtualThreads() ? "virtual" : "platform", seconds(), error, List.copyOf(providers),
                routes.stream().map(Route::toSummary).collect(Collectors.toList()), throughput);
        new ConsoleReport(System.out).print(summary);
        if (summaryFile != null) {
            try {
                summary.write(summaryFile);
            } catch (IOException e) {
                System.out.println("could not write the summary to " + summaryFile + ": " + e);
                return 1;
            }
        }
        return summary.completedWithEqualValues() ? 0 : 1;
    }

    /** The shutdown hook: the JVM is going down before the demo finished (or right after it did). */
    private void stopEarly() {
        if (!finished) {
            interrupted = true;
            System.out.println();
            System.out.println("interrupted: stopping every process the demo started");
            // let the calls in flight finish before their providers go away
            calls.cancelAndAwait(Duration.ofSeconds(5));
        }
        closeAll();
    }

    private void step(int number, String text) {
        if (interrupted) {
            throw new DemoStopped("interrupted");
        }
        System.out.printf(Locale.ROOT, "[%d/5 %5.1f s] %s%n", number, seconds(), text);
    }

    private double seconds() {
        return (System.nanoTime() - started) / 1e9;
    }

    /** Remembers {@code resource} to close at the end (the shutdown hook may be closing from another thread). */
    private synchronized <T extends AutoCloseable> T track(T resource) {
        toClose.push(resource);
        return resource;
    }

    private synchronized void untrack(AutoCloseable resource) {
        toClose.remove(resource);
    }

    /** Stops everything started, newest first; safe to call twice (normal end, then the shutdown hook). */
    private synchronized void closeAll() {
        List<CompletableFuture<Void>> providersStopping = new ArrayList<>();
        while (!toClose.isEmpty()) {
            AutoCloseable resource = toClose.pop();
            if (resource instanceof ProviderJvm provider) {
                // the consumer is closed by now; providers stop in parallel (each waits for Dubbo's shutdown)
                providersStopping.add(CompletableFuture.runAsync(provider::close));
                continue;
            }
            awaitStopped(providersStopping); // before the registry they unregister from goes away
            try {
                resource.close();
            } catch (Exception e) {
                System.out.println("while stopping " + resource + ": " + e);
            }
        }
        awaitStopped(providersStopping);
    }

    private static void awaitStopped(List<CompletableFuture<Void>> stopping) {
        for (CompletableFuture<Void> provider : stopping) {
            try {
                provider.join();
            } catch (CompletionException e) {
                System.out.println("while stopping a provider: " + e.getCause());
            }
        }
        stopping.clear();
    }

    /** One way the consumer reaches a provider, and what went over it. */
    private static final class Route {
        final String name;
        final String provider;
        final ProviderJvm process;
        final String consumerAsks;
        final OrderService service;
        final Map<Payload, Summary.Bytes> bytesPerCall = new EnumMap<>(Payload.class);
        final Set<String> serializations = new TreeSet<>();
        long calls;
        long requestFrames;
        long different;
        long failed;
        String firstProblem;

        Route(String name, String provider, ProviderJvm process, String consumerAsks, OrderService service) {
            this.name = name;
            this.provider = provider;
            this.process = process;
            this.consumerAsks = consumerAsks;
            this.service = service;
        }

        void recordOutcome(Outcome outcome) {
            calls += outcome.calls();
            different += outcome.different();
            failed += outcome.failed();
            if (firstProblem == null) {
                firstProblem = outcome.firstProblem();
            }
        }

        /** What the tap saw during {@code outcome}'s calls (nothing else went to this provider meanwhile). */
        void recordFrames(Payload payload, Outcome outcome, FrameCounts seen) {
            int serializationId = seen.onlySerializationId();
            serializations.add(serializationId < 0 ? "mixed " + seen.requestFrames() + "/" + seen.responseFrames()
                    : SerializationNames.of(serializationId));
            requestFrames += seen.totalRequests();
            bytesPerCall.put(payload, new Summary.Bytes(sum(seen.requestBytes()) / (double) outcome.calls(),
                    sum(seen.responseBytes()) / (double) outcome.calls()));
        }

        Summary.Route toSummary() {
            return new Summary.Route(name, provider, consumerAsks, List.copyOf(serializations), calls, requestFrames,
                    different, failed, firstProblem, bytesPerCall);
        }

        private static long sum(Map<Integer, Long> bytes) {
            return bytes.values().stream().mapToLong(Long::longValue).sum();
        }
    }
}
