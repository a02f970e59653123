package io.github.hessiantime.bench.rpc;

import io.github.hessiantime.bench.DateOrder;
import io.github.hessiantime.bench.Fixtures;
import io.github.hessiantime.bench.TimeOrder;
import org.HdrHistogram.Histogram;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The RPC benchmark: this JVM is the Dubbo consumer; it starts {@link RpcProvider} in a second JVM on loopback,
 * then for each case (Date DTO or java.time DTO, over the {@code hessian2} or the {@code hessian2-time} service)
 * makes a fixed number of synchronous echo calls from several threads after a warm-up, recording each call's
 * latency in an HdrHistogram. Cases are interleaved over several rounds, in a rotating order, so that machine
 * noise spreads over all of them. Every response is compared with its request.
 *
 * <p>The consumer connects directly to the provider's exported URL (the URL a registry would hand it, with the
 * provider's {@code prefer.serialization}), so Dubbo's normal negotiation picks the format: {@code hessian2-time}
 * when this class path has that Serialization, {@code hessian2} otherwise. The provider counts the serialization
 * id of every request, and the report shows those counts.
 *
 * <p>Usage: {@code RpcBenchmark <out.json> [calls-per-case] [warmup-calls-per-case] [threads] [rounds]}
 */
public final class RpcBenchmark {

    private static final String[] FORMATS = {RpcProvider.PLAIN, RpcProvider.NEGOTIATED};
    private static final String[] DTOS = {"dateDto", "timeDto"};

    private RpcBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Logger.getLogger("").setLevel(Level.WARNING);
        Path out = Paths.get(args.length > 0 ? args[0] : "rpc-result.json");
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        int threads = args.length > 3 ? Integer.parseInt(args[3]) : 4;
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 2;
        run(out, calls, warmup, threads, rounds);
        // Dubbo leaves non-daemon threads behind.
        System.exit(0);
    }

    /** Runs every case and writes the JSON results; also used by the smoke test with tiny counts. */
    public static void run(Path out, int calls, int warmup, int threads, int rounds) throws Exception {
        Process provider = startProvider();
        try {
            Map<String, String> exported = readExportedUrls(provider);
            ApplicationConfig application = new ApplicationConfig("hessian-time-bench-consumer");
            application.setQosEnable(false);
            DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application);
            Map<String, ReferenceConfig<OrderService>> references = new LinkedHashMap<>();
            for (String format : FORMATS) {
                ReferenceConfig<OrderService> reference = new ReferenceConfig<>();
                reference.setInterface(OrderService.class);
                reference.setGroup(format);
                reference.setUrl(exported.get(format));
                reference.setTimeout(10_000);
                reference.setRetries(0);
                bootstrap.reference(reference);
                references.put(format, reference);
            }
            bootstrap.start();
            Map<String, OrderService> clients = new LinkedHashMap<>();
            references.forEach((format, reference) -> clients.put(format, reference.get()));

            List<Case> cases = new ArrayList<>();
            for (String format : FORMATS) {
                for (String dto : DTOS) {
                    cases.add(new Case(format, dto, clients.get(format)));
                }
            }
            for (Case c : cases) {
                log("warm-up %s over %s: %d calls", c.dto, c.format, warmup);
                c.run(warmup, threads, false);
            }
            for (int round = 1; round <= rounds; round++) {
                // Rotate the order each round, so no case always runs first or right after the same neighbour.
                for (int k = 0; k < cases.size(); k++) {
                    Case c = cases.get((k + round - 1) % cases.size());
                    c.run(calls / rounds, threads, true);
                    log("round %d/%d %s over %s: %.0f calls/s so far", round, rounds, c.dto, c.format, c.throughput());
                }
            }
            Map<String, Long> received = clients.get(RpcProvider.PLAIN).receivedSerializations();
            writeJson(out, cases, received, calls, warmup, threads, rounds);
            log("wrote %s; provider received: %s", out, received);
            bootstrap.stop();
        } finally {
            provider.getOutputStream().close();
            if (!provider.waitFor(10, TimeUnit.SECONDS)) {
                provider.destroyForcibly();
            }
        }
    }

    /** One cell of the table: a DTO type over one service, accumulating over rounds. */
    private static final class Case {
        final String format;
        final String dto;
        final OrderService client;
        final Histogram latencyNanos = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        long measuredCalls;
        long measuredNanos;
        long consumerCpuNanos;
        long providerCpuNanos;

        Case(String format, String dto, OrderService client) {
            this.format = format;
            this.dto = dto;
            this.client = client;
        }

        double throughput() {
            return measuredCalls / (measuredNanos / 1e9);
        }

        void run(int totalCalls, int threads, boolean record) throws InterruptedException {
            IntFunction<Object> call = callFor();
            Object[] requests = dto.equals("dateDto") ? Fixtures.dateOrders() : Fixtures.timeOrders();
            AtomicLong wrong = new AtomicLong();
            Histogram[] perThread = new Histogram[threads];
            CountDownLatch start = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(threads);
            List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int t = 0; t < threads; t++) {
                Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
                perThread[t] = histogram;
                int share = totalCalls / threads + (t < totalCalls % threads ? 1 : 0);
                int offset = t;
                Thread worker = new Thread(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < share; i++) {
                            int index = (offset + i) & Fixtures.MASK;
                            long begin = System.nanoTime();
                            Object response = call.apply(index);
                            histogram.recordValue(Math.min(System.nanoTime() - begin, histogram.getHighestTrackableValue()));
                            if (!Objects.equals(requests[index], response)) {
                                wrong.incrementAndGet();
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    } finally {
                        done.countDown();
                    }
                }, "rpc-load-" + t);
                worker.start();
            }
            long providerCpuBefore = client.processCpuNanos();
            long consumerCpuBefore = processCpuNanos();
            long begin = System.nanoTime();
            start.countDown();
            done.await();
            long elapsed = System.nanoTime() - begin;
            long consumerCpu = processCpuNanos() - consumerCpuBefore;
            long providerCpu = client.processCpuNanos() - providerCpuBefore;
            if (!failures.isEmpty()) {
                throw new IllegalStateException(failures.size() + " threads failed in " + dto + " over " + format,
                        failures.get(0));
            }
            if (wrong.get() != 0) {
                throw new IllegalStateException(wrong.get() + " responses differed from their requests in " + dto
                        + " over " + format);
            }
            if (record) {
                for (Histogram histogram : perThread) {
                    latencyNanos.add(histogram);
                }
                measuredCalls += totalCalls;
                measuredNanos += elapsed;
                consumerCpuNanos += consumerCpu;
                providerCpuNanos += providerCpu;
            }
        }

        private IntFunction<Object> callFor() {
            if (dto.equals("dateDto")) {
                DateOrder[] orders = Fixtures.dateOrders();
                return i -> client.echoDateOrder(orders[i]);
            }
            TimeOrder[] orders = Fixtures.timeOrders();
            return i -> client.echoTimeOrder(orders[i]);
        }
    }

    /**
     * CPU time used by this whole JVM so far. Unlike calls per second it does not depend on how much of the machine
     * other processes took, so CPU per call compares the cases even on a busy machine.
     */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static Process startProvider() throws IOException {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>();
        command.add(java);
        command.add("-Xms512m");
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(RpcProvider.class.getName());
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        return builder.start();
    }

    private static Map<String, String> readExportedUrls(Process provider) throws IOException, InterruptedException {
        Map<String, String> urls = new LinkedHashMap<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(provider.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (urls.size() < FORMATS.length) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("provider did not export its services within 90 s");
            }
            String line = lines.readLine();
            if (line == null) {
                throw new IllegalStateException("provider exited with " + provider.waitFor());
            }
            if (line.startsWith("EXPORTED ")) {
                String[] parts = line.split(" ", 3);
                // Dubbo will not bind a 127.x address by name (it treats loopback as "no address" and binds the
                // wildcard), so the consumer is pointed at the loopback address explicitly.
                urls.put(parts[1], URL.valueOf(parts[2]).setHost("127.0.0.1").toFullString());
                log("provider exported %s: %s", parts[1], urls.get(parts[1]));
            }
        }
        // Keep draining the provider's stdout so it never blocks on a full pipe.
        Thread drain = new Thread(() -> {
            try {
                while (lines.readLine() != null) {
                    // discard
                }
            } catch (IOException ignored) {
                // provider gone
            }
        }, "provider-stdout");
        drain.setDaemon(true);
        drain.start();
        return urls;
    }

    private static boolean consumerHas(String serialization) {
        return FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).hasExtension(serialization);
    }

    private static void writeJson(Path out, List<Case> cases, Map<String, Long> received, int calls, int warmup,
                                  int threads, int rounds) throws IOException {
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        try (PrintWriter json = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8))) {
            json.println("{");
            json.printf(Locale.ROOT, "  \"callsPerCase\": %d, \"warmupCallsPerCase\": %d, \"threads\": %d, \"rounds\": %d,%n",
                    calls, warmup, threads, rounds);
            json.printf(Locale.ROOT, "  \"jvm\": \"%s\", \"availableProcessors\": %d, \"consumerHasHessian2Time\": %s,%n",
                    System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors(), consumerHas(RpcProvider.NEGOTIATED));
            json.printf(Locale.ROOT, "  \"consumerJvmArgs\": \"%s\",%n",
                    String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()).replace("\"", "'"));
            json.println("  \"providerReceived\": {");
            List<String> entries = new ArrayList<>();
            received.forEach((key, count) -> entries.add(String.format(Locale.ROOT, "    \"%s\": %d", key, count)));
            json.println(String.join(",\n", entries));
            json.println("  },");
            json.println("  \"cases\": [");
            List<String> rows = new ArrayList<>();
            for (Case c : cases) {
                Histogram h = c.latencyNanos;
                rows.add(String.format(Locale.ROOT,
                        "    {\"format\": \"%s\", \"dto\": \"%s\", \"calls\": %d, \"seconds\": %.3f, \"callsPerSecond\": %.1f,"
                                + " \"p50Micros\": %.1f, \"p90Micros\": %.1f, \"p99Micros\": %.1f, \"p999Micros\": %.1f,"
                                + " \"maxMicros\": %.1f, \"meanMicros\": %.1f, \"consumerCpuMicrosPerCall\": %.2f,"
                                + " \"providerCpuMicrosPerCall\": %.2f}",
                        c.format, c.dto, c.measuredCalls, c.measuredNanos / 1e9, c.throughput(),
                        h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(90) / 1e3,
                        h.getValueAtPercentile(99) / 1e3, h.getValueAtPercentile(99.9) / 1e3, h.getMaxValue() / 1e3,
                        h.getMean() / 1e3, c.consumerCpuNanos / 1e3 / c.measuredCalls,
                        c.providerCpuNanos / 1e3 / c.measuredCalls));
            }
            json.println(String.join(",\n", rows));
            json.println("  ]");
            json.println("}");
        }
    }

    private static void log(String format, Object... args) {
        System.out.println("[rpc] " + String.format(Locale.ROOT, format, args));
    }

}
