package io.github.hessiantime.bench.rpc;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.hessiantime.bench.Fixtures;
import io.github.hessiantime.model.DateOrder;
import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.InstantRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.Page;
import io.github.hessiantime.model.TimeOrder;
import io.github.hessiantime.testsupport.ChildJvm;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;
import org.HdrHistogram.Histogram;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
 * then for each case (a Date or java.time DTO or page, over the {@code hessian2}, {@code hessian2-time} or
 * {@code fastjson2} service)
 * makes a fixed number of synchronous echo calls from several threads after a warm-up, recording each call's
 * latency in an HdrHistogram. Cases are interleaved over several rounds, in a rotating order, so that machine
 * noise spreads over all of them. Every response is compared with its request.
 *
 * <p>The page DTOs are also called over Triple (the provider's {@code tri-} groups): the Date page with stock hessian2
 * (Triple's control), the Instant and LocalDateTime pages with {@code hessian2-time}, and fastjson2 beside them.
 *
 * <p>The consumer connects directly to the provider's exported URL (the URL a registry would hand it, with the
 * provider's {@code prefer.serialization}), so Dubbo's normal negotiation picks the format: {@code hessian2-time}
 * when this class path has that Serialization, {@code hessian2} otherwise; likewise {@code fastjson2}, which Dubbo
 * 3.3 ships. The provider counts the serialization
 * id of every request, and the report shows those counts.
 *
 * <p>Usage: {@code RpcBenchmark --out rpc.json [--calls N] [--warmup N] [--threads N] [--rounds N]
 * [--dtos dateDto,timeDto] [--profile stacks.collapsed.gz]}; {@code --help} lists the DTOs. The page DTOs are
 * {@code datePage}, {@code instantPage} and {@code localDateTimePage} (20 rows × 5 time fields).
 */
public final class RpcBenchmark {

    private static final String[] FORMATS = {RpcProvider.PLAIN, RpcProvider.NEGOTIATED, RpcProvider.FASTJSON2};
    /** The same formats over Triple: the provider's groups on {@code tri}. */
    private static final String[] TRIPLE_FORMATS = {RpcProvider.TRIPLE + RpcProvider.PLAIN,
        RpcProvider.TRIPLE + RpcProvider.NEGOTIATED, RpcProvider.TRIPLE + RpcProvider.FASTJSON2};
    /** The DTOs also measured over Triple. */
    public static final List<String> TRIPLE_DTOS = List.of("datePage", "instantPage", "localDateTimePage");
    /** Every DTO the service echoes; a run measures the ones it is given. */
    public static final List<String> ALL_DTOS = List.of("dateDto", "timeDto", "datePage", "instantPage", "localDateTimePage");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RpcBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        OptionParser parser = new OptionParser();
        OptionSpec<File> out = parser.accepts("out", "result JSON file").withRequiredArg().ofType(File.class).required();
        OptionSpec<Integer> calls = parser.accepts("calls", "measured calls per case").withRequiredArg()
                .ofType(Integer.class).defaultsTo(50_000);
        OptionSpec<Integer> warmup = parser.accepts("warmup", "warm-up calls per case").withRequiredArg()
                .ofType(Integer.class).defaultsTo(20_000);
        OptionSpec<Integer> threads = parser.accepts("threads", "calling threads").withRequiredArg()
                .ofType(Integer.class).defaultsTo(4);
        OptionSpec<Integer> rounds = parser.accepts("rounds", "interleaved rounds the measured calls are split into")
                .withRequiredArg().ofType(Integer.class).defaultsTo(2);
        OptionSpec<String> dtos = parser.accepts("dtos", "DTOs to echo, of " + ALL_DTOS).withRequiredArg()
                .withValuesSeparatedBy(',').defaultsTo("dateDto", "timeDto");
        OptionSpec<File> profile = parser.accepts("profile", "also sample CPU in both JVMs while each case's "
                + "measured calls run (async-profiler), into this gzipped collapsed-stacks file: each case's samples, "
                + "in full under a serialization's entry points (CallProfile); the CPU figures then include the "
                + "sampling").withRequiredArg().ofType(File.class);
        parser.accepts("help").forHelp();
        OptionSet options = parser.parse(args);
        if (options.has("help")) {
            parser.printHelpOn(System.out);
            return;
        }
        Logger.getLogger("").setLevel(Level.WARNING);
        run(options.valueOf(out).toPath(), options.valueOf(calls), options.valueOf(warmup), options.valueOf(threads),
                options.valueOf(rounds), options.valuesOf(dtos),
                options.has(profile) ? options.valueOf(profile).toPath() : null);
        // Dubbo leaves non-daemon threads behind.
        System.exit(0);
    }

    /** Runs every case and writes the JSON results; also used by the smoke test with tiny counts. */
    public static void run(Path out, int calls, int warmup, int threads, int rounds, List<String> dtos)
            throws Exception {
        run(out, calls, warmup, threads, rounds, dtos, null);
    }

    /** As above; with {@code profileOut}, the measured calls are also profiled into that file ({@link CallProfile}). */
    public static void run(Path out, int calls, int warmup, int threads, int rounds, List<String> dtos,
                           Path profileOut) throws Exception {
        if (!ALL_DTOS.containsAll(dtos)) {
            throw new IllegalArgumentException("unknown DTO in " + dtos + "; known: " + ALL_DTOS);
        }
        if (calls / rounds < threads) {
            throw new IllegalArgumentException("fewer calls per round than threads: " + calls + " / " + rounds);
        }
        Path providerLog = Files.createTempFile("rpc-provider", ".log");
        try (ChildJvm provider = ChildJvm.launch(RpcProvider.class.getName()).jvmArgs("-Xms512m", "-Xmx512m")
                .log(providerLog).start("rpc-provider")) {
            Map<String, String> exported = exportedUrls(provider.awaitLine(90_000));
            CallProfile profile = profileOut == null ? null : new CallProfile(provider);
            ApplicationConfig application = new ApplicationConfig("hessian-time-bench-consumer");
            application.setQosEnable(false);
            DubboBootstrap bootstrap = DubboBootstrap.getInstance().application(application);
            Map<String, ReferenceConfig<OrderService>> references = new LinkedHashMap<>();
            for (String format : allFormats()) {
                ReferenceConfig<OrderService> reference = new ReferenceConfig<>();
                reference.setInterface(OrderService.class);
                reference.setGroup(format);
                reference.setUrl(exported.get(format));
                reference.setTimeout(10_000);
                reference.setRetries(0);
                // one connection of its own per reference: three references sharing Dubbo's one connection to the
                // provider get it closed twice at stop (once per reference count, once by the protocol), which
                // Dubbo reports as "safe guard client , should not be called ,must have a bug."
                reference.setConnections(1);
                bootstrap.reference(reference);
                references.put(format, reference);
            }
            bootstrap.start();
            Map<String, OrderService> clients = new LinkedHashMap<>();
            references.forEach((format, reference) -> clients.put(format, reference.get()));

            List<Case> cases = new ArrayList<>();
            for (String format : FORMATS) {
                for (String dto : dtos) {
                    cases.add(new Case(format, dto, clients.get(format)));
                }
            }
            for (String format : TRIPLE_FORMATS) {
                for (String dto : dtos) {
                    if (TRIPLE_DTOS.contains(dto)) {
                        cases.add(new Case(format, dto, clients.get(format)));
                    }
                }
            }
            for (Case c : cases) {
                log("warm-up %s over %s: %d calls", c.dto, c.format, warmup);
                c.run(warmup, threads, false, null);
            }
            for (int round = 1; round <= rounds; round++) {
                // Rotate the order each round, so no case always runs first or right after the same neighbour.
                for (int k = 0; k < cases.size(); k++) {
                    Case c = cases.get((k + round - 1) % cases.size());
                    c.run(calls / rounds, threads, true, profile);
                    log("round %d/%d %s over %s: %.0f calls/s so far", round, rounds, c.dto, c.format, c.throughput());
                }
            }
            Map<String, Long> received = clients.get(RpcProvider.PLAIN).receivedSerializations();
            writeJson(out, cases, received, calls, warmup, threads, rounds, dtos);
            if (profile != null) {
                profile.write(profileOut);
            }
            log("wrote %s; provider received: %s", out, received);
            bootstrap.stop();
            provider.exit("exit", 30_000);
        }
        Files.delete(providerLog);
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

        void run(int totalCalls, int threads, boolean record, CallProfile profile) throws Exception {
            Object[] requests = requests(dto);
            IntFunction<Object> call = callFor(requests);
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
            if (profile != null) {
                profile.start();
            }
            long providerCpuBefore = client.processCpuNanos();
            long consumerCpuBefore = processCpuNanos();
            long begin = System.nanoTime();
            start.countDown();
            done.await();
            long elapsed = System.nanoTime() - begin;
            long consumerCpu = processCpuNanos() - consumerCpuBefore;
            long providerCpu = client.processCpuNanos() - providerCpuBefore;
            if (profile != null) {
                profile.stop(format, dto);
            }
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

        /** The fixed requests of a DTO, indexed by {@code call & Fixtures.MASK}. */
        private static Object[] requests(String dto) {
            switch (dto) {
                case "dateDto": return Fixtures.dateOrders();
                case "timeDto": return Fixtures.timeOrders();
                default:
                    // One fixed page per type: its 100 values already vary.
                    Object[] pages = new Object[Fixtures.SIZE];
                    Arrays.fill(pages, Fixtures.pageByName(dto.substring(0, dto.length() - "Page".length())));
                    return pages;
            }
        }

        @SuppressWarnings("unchecked")
        private IntFunction<Object> callFor(Object[] requests) {
            switch (dto) {
                case "dateDto": return i -> client.echoDateOrder((DateOrder) requests[i]);
                case "timeDto": return i -> client.echoTimeOrder((TimeOrder) requests[i]);
                case "datePage": return i -> client.echoDatePage((Page<DateRow>) requests[i]);
                case "instantPage": return i -> client.echoInstantPage((Page<InstantRow>) requests[i]);
                case "localDateTimePage":
                    return i -> client.echoLocalDateTimePage((Page<LocalDateTimeRow>) requests[i]);
                default: throw new IllegalArgumentException("unknown DTO: " + dto);
            }
        }
    }

    /**
     * CPU time used by this whole JVM so far. Unlike calls per second it does not depend on how much of the machine
     * other processes took, so CPU per call compares the cases even on a busy machine.
     */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static List<String> allFormats() {
        List<String> all = new ArrayList<>(Arrays.asList(FORMATS));
        all.addAll(Arrays.asList(TRIPLE_FORMATS));
        return all;
    }

    /** The provider's ready line, {@code OK exported <group>=<url> ...}: one loopback URL per format and protocol. */
    private static Map<String, String> exportedUrls(ChildJvm.Answer ready) {
        if (!ready.ok()) {
            throw new IllegalStateException("provider did not start: " + ready);
        }
        Map<String, String> urls = new LinkedHashMap<>();
        for (String format : allFormats()) {
            URL url = URL.valueOf(ready.value(format));
            if (!RpcProvider.LOOPBACK_HOST.equals(url.getHost())) {
                throw new IllegalStateException("provider exported a non-loopback address: " + url);
            }
            urls.put(format, url.toFullString());
            log("provider exported %s: %s", format, url);
        }
        return urls;
    }

    private static boolean consumerHas(String serialization) {
        return FrameworkModel.defaultModel().getExtensionLoader(Serialization.class).hasExtension(serialization);
    }

    private static void writeJson(Path out, List<Case> cases, Map<String, Long> received, int calls, int warmup,
                                  int threads, int rounds, List<String> dtos) throws IOException {
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("callsPerCase", calls);
        json.put("warmupCallsPerCase", warmup);
        json.put("threads", threads);
        json.put("rounds", rounds);
        json.put("dtos", dtos);
        json.put("dubboVersion", Version.getVersion());
        json.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        json.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        json.put("consumerHasHessian2Time", consumerHas(RpcProvider.NEGOTIATED));
        json.put("consumerJvmArgs", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        json.put("providerReceived", received);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Case c : cases) {
            Histogram h = c.latencyNanos;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("format", c.format);
            row.put("dto", c.dto);
            row.put("calls", c.measuredCalls);
            row.put("seconds", c.measuredNanos / 1e9);
            row.put("callsPerSecond", c.throughput());
            row.put("p50Micros", h.getValueAtPercentile(50) / 1e3);
            row.put("p90Micros", h.getValueAtPercentile(90) / 1e3);
            row.put("p99Micros", h.getValueAtPercentile(99) / 1e3);
            row.put("p999Micros", h.getValueAtPercentile(99.9) / 1e3);
            row.put("maxMicros", h.getMaxValue() / 1e3);
            row.put("meanMicros", h.getMean() / 1e3);
            row.put("consumerCpuMicrosPerCall", c.consumerCpuNanos / 1e3 / c.measuredCalls);
            row.put("providerCpuMicrosPerCall", c.providerCpuNanos / 1e3 / c.measuredCalls);
            rows.add(row);
        }
        json.put("cases", rows);
        JSON.writeValue(out.toFile(), json);
    }

    private static void log(String format, Object... args) {
        System.out.println("[rpc] " + String.format(Locale.ROOT, format, args));
    }

}
