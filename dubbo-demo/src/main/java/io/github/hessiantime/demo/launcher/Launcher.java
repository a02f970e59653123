package io.github.hessiantime.demo.launcher;

import io.github.hessiantime.demo.DubboOnNewerJdks;
import io.github.hessiantime.demo.consumer.ConcurrentCalls;
import io.github.hessiantime.demo.consumer.ConcurrentCalls.Outcome;
import io.github.hessiantime.demo.consumer.OrderConsumer;
import io.github.hessiantime.demo.consumer.Payload;
import io.github.hessiantime.testsupport.ChildJvm;
import io.github.hessiantime.testsupport.QosClient;
import io.github.hessiantime.testsupport.FrameCounts;
import joptsimple.OptionException;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Runs the demo: a ZooKeeper registry (embedded unless {@code --zookeeper=host:port}), a provider with hessian-time,
 * an old provider in a JVM without the hessian-time jar, and a consumer (this JVM) that calls both. Everything binds
 * and registers loopback addresses only. It prints what was on the wire per provider, the bytes per call in each
 * format, whether every value came back equal, and what an operator sees: the {@code hessian2Time} QoS command of the
 * new provider and of the consumer (each JVM's QoS port on loopback); and writes the same as JSON ({@link Summary},
 * {@code --summary=file.json}). It exits 0 when it ran to the end and every value came back equal. It measures no
 * speed: a demo's few seconds of calls on a shared machine say nothing reliable about it (docs/benchmarks.md does).
 *
 * <pre>
 * java -cp ... Launcher [--zookeeper=host:port] [--summary=summary.json] [--logs=dir]
 * </pre>
 */
public final class Launcher {

    private static final String NEW = "new-provider";
    private static final String OLD = "old-provider";
    private static final int IN_FLIGHT = 16;
    private static final int CHECK_CALLS = 200;

    private final LauncherOptions options;
    private final long started = System.nanoTime();
    private final Cleanup cleanup = new Cleanup();
    private final ConcurrentCalls calls = new ConcurrentCalls(IN_FLIGHT);
    private final List<Summary.Provider> providers = new ArrayList<>();
    private final List<Route> routes = new ArrayList<>();
    private final Map<String, String> qos = new LinkedHashMap<>();
    private long nextSampleId = 1;
    private volatile boolean interrupted;
    private volatile boolean finished;

    private Launcher(LauncherOptions options) {
        this.options = options;
    }

    public static void main(String[] args) {
        DubboOnNewerJdks.preferFastjson2ForDubboJson();
        Launcher launcher;
        try {
            launcher = new Launcher(LauncherOptions.parse(args));
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
        launcher.cleanup.closeAll();
        if (!launcher.interrupted) {
            System.exit(status);
        }
        // interrupted: the JVM is already going down on the signal and exits with its status (143 for SIGTERM, 130
        // for Ctrl-C); an exit here, once the shutdown hook is done, would halt at once with 130 and race it
    }

    private void run() throws Exception {
        System.out.println("hessian-time Dubbo demo: Dubbo " + org.apache.dubbo.common.Version.getVersion()
                + ", Java " + Runtime.version() + "; consumer calls run on " + calls.threads());
        System.out.println("provider logs: " + options.logs());

        step(1, "ZooKeeper registry");
        String registry = Registry.start(options.zookeeper(), cleanup);

        step(2, "providers: '" + NEW + "' (with hessian-time) and '" + OLD
                + "' (a JVM whose classpath lacks the hessian-time jar)");
        String runId = Long.toString(ProcessHandle.current().pid());
        Classpaths classpaths = Classpaths.ofThisJvm();
        // both JVMs start in parallel, then each is awaited
        ProviderJvm newStarting = cleanup.track(ProviderJvm.start(NEW + "-" + runId, false,
                classpaths.withHessianTime, registry, options.logs()));
        ProviderJvm oldStarting = cleanup.track(ProviderJvm.start(OLD + "-" + runId, true,
                classpaths.withoutHessianTime, registry, options.logs()));
        ProviderJvm newProvider = awaitReady(NEW, newStarting);
        ProviderJvm oldProvider = awaitReady(OLD, oldStarting);

        step(3, "consumer (this JVM, hessian-time on its classpath) subscribes to both providers");
        int consumerQosPort = ProviderJvm.freePort();
        OrderConsumer consumer = cleanup.track(new OrderConsumer(registry, consumerQosPort));
        routes.add(new Route(NEW, newProvider, consumer.connect(newProvider.name())));
        routes.add(new Route(OLD, oldProvider, consumer.connect(oldProvider.name())));

        step(4, "equality and bytes: " + CHECK_CALLS + " calls per DTO on each of the " + routes.size() + " routes");
        for (Route route : routes) {
            for (Payload payload : Payload.values()) {
                FrameCounts before = route.process.tap.counts();
                Outcome outcome = call(route, payload, CHECK_CALLS);
                route.recordFrames(payload, outcome, route.process.tap.counts().minus(before));
            }
        }

        step(5, "what an operator sees: the QoS command hessian2Time, on the new provider's QoS port and on the"
                + " consumer's (telnet 127.0.0.1 <port>, or curl http://127.0.0.1:<port>/hessian2Time)");
        qos.put(NEW + " (QoS port " + newProvider.qosPort + ")", hessian2Time(newProvider.qosPort));
        qos.put("consumer (QoS port " + consumerQosPort + ")", hessian2Time(consumerQosPort));
    }

    /** The command's answer over telnet, as lines (telnet ends them with CR LF). */
    private static String hessian2Time(int qosPort) throws IOException {
        return QosClient.telnet(qosPort, "hessian2Time").replace("\r\n", "\n");
    }

    /** Runs {@code count} calls over {@code route} and books their outcome. */
    private Outcome call(Route route, Payload payload, int count) throws InterruptedException {
        Outcome outcome = calls.run(route.service, payload, nextSampleId, count);
        nextSampleId += count;
        route.recordOutcome(outcome);
        return outcome;
    }

    /**
     * Waits for a provider's ready line and records what it says about itself. A provider whose free port was taken
     * by another process in the meantime is started again on another one.
     */
    private ProviderJvm awaitReady(String label, ProviderJvm provider) throws InterruptedException, IOException {
        for (int attempt = 1; ; attempt++) {
            ChildJvm.Answer ready = provider.awaitReady(TimeUnit.SECONDS.toMillis(120));
            if (ready.ok()) {
                System.out.printf(Locale.ROOT, "  %s ready after %.1f s: %s%n", provider.name(), seconds(),
                        ready.line().substring(ready.line().indexOf(':') + 2));
                providers.add(ProviderJvm.described(label, ready));
                return provider;
            }
            if (attempt < 3 && provider.lostItsPort()) {
                System.out.println("  " + provider.name() + ": its port was taken meanwhile; starting it again on"
                        + " another port");
                cleanup.forget(provider);
                provider.close();
                provider = cleanup.track(provider.startAgain(options.logs()));
                continue;
            }
            throw new DemoStopped(provider.name() + " did not become ready (" + ready.line() + "); see " + provider.log);
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
                routes.stream().map(Route::toSummary).collect(Collectors.toList()), qos);
        new ConsoleReport(System.out).print(summary);
        if (options.summaryFile() != null) {
            try {
                summary.write(options.summaryFile());
            } catch (IOException e) {
                System.out.println("could not write the summary to " + options.summaryFile() + ": " + e);
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
        cleanup.closeAll();
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
}
