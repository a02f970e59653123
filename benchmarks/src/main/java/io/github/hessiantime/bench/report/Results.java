package io.github.hessiantime.bench.report;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.github.hessiantime.bench.clock.ClockBenchmark;
import io.github.hessiantime.bench.format.DateFormatBenchmark;
import io.github.hessiantime.bench.serialization.DubboPageRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.HessianLiteCompactModeBenchmark;
import io.github.hessiantime.bench.serialization.PageRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.PairedPageRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.PairedRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.SerializationBenchmark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One run's result files, read into typed records: {@code jmh.json} and {@code page.json} (JMH's JSON output),
 * {@code wire-sizes.json} and {@code wire-sizes-compact-mode.json} ({@code WireSizes}), {@code rpc.json} and
 * {@code rpc-page.json} ({@code RpcBenchmark}) and {@code run.txt} (machine, dates, load, as {@code key: value}).
 * All but {@code jmh.json} are optional. Fields the report does not use are ignored.
 */
final class Results {

    static final String SERIALIZATION = SerializationBenchmark.class.getName() + ".";
    static final String COMPACT_MODE = HessianLiteCompactModeBenchmark.class.getName() + ".";
    static final String PAIRED = PairedRoundTripBenchmark.class.getName() + ".roundTripBoth";
    static final String PAGE = PageRoundTripBenchmark.class.getName() + ".roundTrip";
    static final String PAIRED_PAGE = PairedPageRoundTripBenchmark.class.getName() + ".roundTripBoth";
    static final String DUBBO_PAGE = DubboPageRoundTripBenchmark.class.getName() + ".roundTripBoth";
    static final String FORMAT = DateFormatBenchmark.class.getName() + ".";
    static final String CLOCK = ClockBenchmark.class.getName() + ".";

    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** One benchmark (with one set of params) from JMH's JSON output. */
    record JmhResult(String benchmark, String jmhVersion, String jdkVersion, String vmName, String vmVersion,
                     int forks, int warmupIterations, String warmupTime, int measurementIterations,
                     String measurementTime, Map<String, String> params, Metric primaryMetric,
                     Map<String, Metric> secondaryMetrics) {
        JmhResult {
            params = params == null ? Map.of() : params;
            secondaryMetrics = secondaryMetrics == null ? Map.of() : secondaryMetrics;
        }

        double score() {
            return primaryMetric.score();
        }

        /** JMH's error as a fraction of the score. */
        double relativeError() {
            return primaryMetric.scoreError() / primaryMetric.score();
        }

        String simpleClassName() {
            String className = benchmark.substring(0, benchmark.lastIndexOf('.'));
            return className.substring(className.lastIndexOf('.') + 1);
        }

        /** The measurement time of one iteration in seconds ({@code "1 s"} or {@code "500 ms"}). */
        double measurementSeconds() {
            String[] amountAndUnit = measurementTime.split(" ");
            double amount = Double.parseDouble(amountAndUnit[0]);
            return amountAndUnit.length > 1 && amountAndUnit[1].equals("ms") ? amount / 1000 : amount;
        }
    }

    /** A JMH metric; JMH writes "NaN" as a string (too few iterations for an error), which Jackson reads as NaN. */
    record Metric(double score, double scoreError, List<List<Double>> rawData) {
    }

    /** {@code WireSizes}' output. */
    record WireSizeFile(String hessianLiteVersion, List<ValueSize> sizes, List<PageSize> pages) {
        WireSizeFile {
            sizes = sizes == null ? List.of() : sizes;
            pages = pages == null ? List.of() : pages;
        }
    }

    /** Bytes of the 8 values of one set: the first in a fresh stream, and each later one in the same stream. */
    record ValueSize(String serializer, String value, int firstMin, int firstMax, double firstMean, int laterMin,
                     int laterMax, double laterMean) {
    }

    /** Bytes of one page; {@code serializer} is {@code dubbo:NAME} for a message body of Dubbo's serialization NAME. */
    record PageSize(String serializer, String page, long bytes) {
    }

    /** {@code RpcBenchmark}'s output. */
    record RpcRun(int callsPerCase, int warmupCallsPerCase, int threads, int rounds, String jvm,
                  int availableProcessors, boolean consumerHasHessian2Time, String dubboVersion,
                  Map<String, Long> providerReceived, List<RpcCase> cases) {

        RpcCase find(String format, String dto) {
            return cases.stream().filter(c -> c.format().equals(format) && c.dto().equals(dto)).findFirst()
                    .orElse(null);
        }
    }

    /** One service and DTO of an RPC run; the CPU fields are absent in runs made before they were measured. */
    record RpcCase(String format, String dto, double callsPerSecond, double p50Micros, double p90Micros,
                   double p99Micros, double p999Micros, double maxMicros, Double consumerCpuMicrosPerCall,
                   Double providerCpuMicrosPerCall) {

        /** CPU µs per call of both JVMs, NaN when not measured. */
        double cpuPerCall() {
            if (consumerCpuMicrosPerCall == null || providerCpuMicrosPerCall == null) {
                return Double.NaN;
            }
            return consumerCpuMicrosPerCall + providerCpuMicrosPerCall;
        }
    }

    /**
     * A paired benchmark's candidate speed relative to its baseline (baseline time / candidate time) over all
     * iterations, with the lowest and highest single iteration, and the total nanos of each side.
     */
    record PairedRatio(double speed, double slowest, double fastest, double candidateNanos, double baselineNanos) {

        /** From the {@code candidate<clock>Nanos} and {@code baseline<clock>Nanos} secondary metrics. */
        static PairedRatio of(JmhResult result, String clock) {
            List<List<Double>> candidate = result.secondaryMetrics().get("candidate" + clock + "Nanos").rawData();
            List<List<Double>> baseline = result.secondaryMetrics().get("baseline" + clock + "Nanos").rawData();
            double candidateSum = 0, baselineSum = 0, min = Double.MAX_VALUE, max = 0;
            for (int fork = 0; fork < candidate.size(); fork++) {
                for (int i = 0; i < candidate.get(fork).size(); i++) {
                    double c = candidate.get(fork).get(i), b = baseline.get(fork).get(i);
                    candidateSum += c;
                    baselineSum += b;
                    min = Math.min(min, b / c);
                    max = Math.max(max, b / c);
                }
            }
            return new PairedRatio(baselineSum / candidateSum, min, max, candidateSum, baselineSum);
        }
    }

    final List<JmhResult> jmh = new ArrayList<>();
    /** {@code page-sizes.json} (run.sh sizes): the Dubbo page benchmark at several rows per page, kept apart. */
    final List<JmhResult> pagesBySize = new ArrayList<>();
    final List<ValueSize> sizes = new ArrayList<>();
    final List<PageSize> pageSizes = new ArrayList<>();
    final String hessianLiteVersion;
    final RpcRun rpc;
    /** A page run (run.sh page) writes its RPC result apart; a full run has the pages in rpc.json. */
    final RpcRun rpcPage;
    final Map<String, String> run = new LinkedHashMap<>();

    Results(Path dir) throws IOException {
        ObjectReader jmhReader = JSON.readerForListOf(JmhResult.class);
        // page.json is a later page-only run (run.sh page): it supersedes the page benchmarks of jmh.json
        Set<String> rerun = new HashSet<>();
        if (Files.exists(dir.resolve("page.json"))) {
            List<JmhResult> pages = jmhReader.readValue(dir.resolve("page.json").toFile());
            pages.forEach(r -> rerun.add(r.benchmark()));
            jmh.addAll(pages);
        }
        if (Files.exists(dir.resolve("jmh.json"))) {
            List<JmhResult> all = jmhReader.readValue(dir.resolve("jmh.json").toFile());
            all.stream().filter(r -> !rerun.contains(r.benchmark())).forEach(jmh::add);
        }
        if (Files.exists(dir.resolve("page-sizes.json"))) {
            pagesBySize.addAll(jmhReader.readValue(dir.resolve("page-sizes.json").toFile()));
        }
        String version = null;
        for (String file : List.of("wire-sizes.json", "wire-sizes-compact-mode.json")) {
            if (Files.exists(dir.resolve(file))) {
                WireSizeFile sizeFile = JSON.readValue(dir.resolve(file).toFile(), WireSizeFile.class);
                sizes.addAll(sizeFile.sizes());
                pageSizes.addAll(sizeFile.pages());
                version = sizeFile.hessianLiteVersion();
            }
        }
        hessianLiteVersion = version;
        rpc = readIfPresent(dir.resolve("rpc.json"));
        RpcRun separatePageRun = readIfPresent(dir.resolve("rpc-page.json"));
        rpcPage = separatePageRun != null ? separatePageRun : rpc;
        if (Files.exists(dir.resolve("run.txt"))) {
            for (String line : Files.readAllLines(dir.resolve("run.txt"), StandardCharsets.UTF_8)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    run.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
                }
            }
        }
    }

    private static RpcRun readIfPresent(Path file) throws IOException {
        return Files.exists(file) ? JSON.readValue(file.toFile(), RpcRun.class) : null;
    }

    /** The first result of {@code benchmark} whose params include all of {@code params}, or null. */
    JmhResult find(String benchmark, Map<String, String> params) {
        for (JmhResult r : jmh) {
            if (r.benchmark().equals(benchmark) && r.params().entrySet().containsAll(params.entrySet())) {
                return r;
            }
        }
        return null;
    }

    JmhResult find(String benchmark) {
        return find(benchmark, Map.of());
    }

    List<JmhResult> all(String benchmark) {
        return jmh.stream().filter(r -> r.benchmark().equals(benchmark)).toList();
    }

    double score(String benchmark, String value, String serializer) {
        JmhResult r = find(benchmark, Map.of("value", value, "serializer", serializer));
        return r == null ? Double.NaN : r.score();
    }

    double score(String benchmark) {
        JmhResult r = find(benchmark);
        return r == null ? Double.NaN : r.score();
    }

    /** A paired benchmark's ratio by thread CPU time for {@code pair}, or null when it did not run. */
    PairedRatio paired(String benchmark, String pair) {
        JmhResult r = find(benchmark, Map.of("pair", pair));
        return r == null ? null : PairedRatio.of(r, "Cpu");
    }

    ValueSize size(String value, String serializer) {
        return sizes.stream().filter(s -> s.value().equals(value) && s.serializer().equals(serializer)).findFirst()
                .orElse(null);
    }

    /** Bytes of {@code page} written by {@code serializer}, NaN when not measured. */
    double pageBytes(String page, String serializer) {
        return pageSizes.stream().filter(s -> s.page().equals(page) && s.serializer().equals(serializer))
                .mapToDouble(PageSize::bytes).findFirst().orElse(Double.NaN);
    }

    /** Bytes of a page as one message body of Dubbo's serialization {@code name} (WireSizes' {@code dubbo:NAME}). */
    double dubboPageBytes(String page, String name) {
        return pageBytes(page, "dubbo:" + name);
    }

    String hessianLiteVersion() {
        return hessianLiteVersion == null ? "(version not recorded)" : hessianLiteVersion;
    }
}
