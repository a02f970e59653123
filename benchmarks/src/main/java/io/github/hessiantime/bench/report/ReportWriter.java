package io.github.hessiantime.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns one run's result files into {@code docs/benchmarks.md} and its SVG charts. Every number in the document
 * comes from those files; nothing is typed in by hand.
 *
 * <p>Usage: {@code ReportWriter <results-dir> <docs-dir>}. The results directory holds {@code jmh.json} (JMH's JSON
 * output), {@code wire-sizes.json}, {@code rpc.json} and {@code run.txt} (written by {@code benchmarks/run.sh});
 * the last two are optional. An {@code analysis.md} beside the results directory (hand-written: profiles and their
 * reading) is appended unchanged.
 */
public final class ReportWriter {

    private static final String SER = "io.github.hessiantime.bench.serialization.SerializationBenchmark.";
    private static final String COMPACT_MODE = "io.github.hessiantime.bench.serialization.HessianLiteCompactModeBenchmark.";
    private static final String PAIRED = "io.github.hessiantime.bench.serialization.PairedRoundTripBenchmark.roundTripBoth";
    private static final String FORMAT = "io.github.hessiantime.bench.format.DateFormatBenchmark.";
    private static final String CLOCK = "io.github.hessiantime.bench.clock.ClockBenchmark.";

    private static final List<String> VALUES = Arrays.asList("date", "instant", "localDateTime", "dateDto", "timeDto");
    private static final List<String> SERIALIZERS =
            Arrays.asList("hessianLite", "hessianLiteCompactMode", "hessianTimeCompact", "hessianTimeCompatible");
    private static final Map<String, String> SERIALIZER_TITLES = new LinkedHashMap<>();
    private static final Map<String, String> VALUE_TITLES = new LinkedHashMap<>();

    static {
        SERIALIZER_TITLES.put("hessianLite", "hessian-lite 4.0.4");
        SERIALIZER_TITLES.put("hessianLiteCompactMode", "hessian-lite compactMode");
        SERIALIZER_TITLES.put("hessianTimeCompact", "hessian-time compact");
        SERIALIZER_TITLES.put("hessianTimeCompatible", "hessian-time compatible");
        VALUE_TITLES.put("date", "Date");
        VALUE_TITLES.put("instant", "Instant");
        VALUE_TITLES.put("localDateTime", "LocalDateTime");
        VALUE_TITLES.put("dateDto", "DTO, 4 Date fields");
        VALUE_TITLES.put("timeDto", "DTO, 2 Instant + 2 LocalDateTime");
    }

    private final List<Map<String, Object>> jmh;
    private final List<Map<String, Object>> sizes;
    private final Map<String, Object> rpc;
    private final Map<String, String> run;
    private final StringBuilder md = new StringBuilder();
    private final Map<String, String> charts = new LinkedHashMap<>();

    private ReportWriter(List<Map<String, Object>> jmh, List<Map<String, Object>> sizes, Map<String, Object> rpc,
                         Map<String, String> run) {
        this.jmh = jmh;
        this.sizes = sizes;
        this.rpc = rpc;
        this.run = run;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws IOException {
        Path results = Paths.get(args[0]);
        Path docs = Paths.get(args[1]);
        List<Map<String, Object>> jmh = (List<Map<String, Object>>) read(results.resolve("jmh.json"));
        List<Map<String, Object>> sizes = Files.exists(results.resolve("wire-sizes.json"))
                ? (List<Map<String, Object>>) read(results.resolve("wire-sizes.json")) : List.of();
        Map<String, Object> rpc = Files.exists(results.resolve("rpc.json"))
                ? (Map<String, Object>) read(results.resolve("rpc.json")) : null;
        Map<String, String> run = new LinkedHashMap<>();
        if (Files.exists(results.resolve("run.txt"))) {
            for (String line : Files.readAllLines(results.resolve("run.txt"), StandardCharsets.UTF_8)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    run.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
                }
            }
        }
        ReportWriter writer = new ReportWriter(jmh, sizes, rpc, run);
        writer.write();
        // Hand-written findings (profiles, explanations) live beside the results and are appended as they are.
        Path analysis = results.resolveSibling("analysis.md");
        if (Files.exists(analysis)) {
            writer.md.append('\n').append(new String(Files.readAllBytes(analysis), StandardCharsets.UTF_8));
        }
        Path chartDir = docs.resolve("benchmarks");
        Files.createDirectories(chartDir);
        for (Map.Entry<String, String> chart : writer.charts.entrySet()) {
            Files.write(chartDir.resolve(chart.getKey()), chart.getValue().getBytes(StandardCharsets.UTF_8));
        }
        Files.write(docs.resolve("benchmarks.md"), writer.md.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println("wrote " + docs.resolve("benchmarks.md") + " and " + writer.charts.size() + " charts");
    }

    private static Object read(Path file) throws IOException {
        return Json.parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    // ---------------------------------------------------------------------------------------------------------

    private void write() {
        Map<String, Object> first = jmh.get(0);
        line("# Benchmarks");
        line("");
        line("Generated by `benchmarks/run.sh " + run.getOrDefault("mode", "?") + "` on " + run.getOrDefault("date", "?")
                + " from the result files in [`benchmarks/results/`](../benchmarks/results/)"
                + (run.containsKey("rpc-rerun") ? "; the RPC section was re-run on " + run.get("rpc-rerun")
                + " with `benchmarks/run.sh rpc` (same code, adds CPU per call)" : "")
                + ". Do not edit by hand: rerun the script.");
        line("");
        line("**Machine.** " + run.getOrDefault("cpu", "?") + ", " + run.getOrDefault("cores", "?") + " cores, "
                + run.getOrDefault("memory", "?") + " RAM, " + run.getOrDefault("os", "?") + ". **JDK** "
                + first.get("vmName") + " " + first.get("jdkVersion") + " (" + first.get("vmVersion") + "), JMH "
                + first.get("jmhVersion") + ".");
        line("");
        line("**How much to trust these numbers.** The machine has 2 cores and other engineers' builds and multi-JVM"
                + " tests ran on it throughout (load average 3 to 12), so a benchmark's absolute ops/s depends on when it"
                + " ran: the separate benchmarks below often carry errors of ±30-100 %, and a ratio between two of them,"
                + " measured minutes apart, is not reliable. The targets are therefore judged on the paired benchmark,"
                + " which times both sides within the same time slices by thread CPU time; its per-iteration ratios"
                + " agree within a few percent. JMH settings: " + jmhSettings() + ". Error columns are JMH's 99.9 %"
                + " confidence half-width.");
        line("");
        targets();
        pairedSection();
        serialization();
        sizesSection();
        rpcSection();
        format();
        clock();
    }

    /** The JMH settings each benchmark class actually ran with, read from the results. */
    private String jmhSettings() {
        Map<String, String> perClass = new LinkedHashMap<>();
        for (Map<String, Object> r : jmh) {
            String benchmark = (String) r.get("benchmark");
            String cls = benchmark.substring(0, benchmark.lastIndexOf('.'));
            cls = cls.substring(cls.lastIndexOf('.') + 1);
            if (benchmark.contains(".Contended.")) {
                continue;
            }
            perClass.putIfAbsent(cls, String.format(Locale.ROOT, "`%s` %d fork(s) × (%d × %s warm-up, %d × %s measured)",
                    cls, num(r.get("forks")).intValue(), num(r.get("warmupIterations")).intValue(), r.get("warmupTime"),
                    num(r.get("measurementIterations")).intValue(), r.get("measurementTime")));
        }
        return String.join("; ", perClass.values());
    }

    private void targets() {
        line("## Targets");
        line("");
        line("The serialization targets are judged on the paired measurement (next section), which times both sides"
                + " in the same time slices; the separate-benchmark ratio is shown beside it for comparison, and on this"
                + " busy machine it mostly measures when the neighbours were busy.");
        line("");
        line("| target | paired: candidate speed vs baseline (per-iteration range) | separate benchmarks | met |");
        line("|---|---|---|---|");
        pairedTarget("Instant round trip, hessian-time compact ≥ 1.0× Date round trip",
                "instant:hessianTimeCompact/date:hessianLite", "instant", "hessianTimeCompact", "date", "hessianLite", 1.0);
        pairedTarget("LocalDateTime round trip, hessian-time compact ≥ 1.0× Date round trip",
                "localDateTime:hessianTimeCompact/date:hessianLite", "localDateTime", "hessianTimeCompact", "date",
                "hessianLite", 1.0);
        pairedTarget("LocalDateTime round trip, hessian-time compact ≥ 1.5× stock hessian-lite 4.0.4",
                "localDateTime:hessianTimeCompact/localDateTime:hessianLite", "localDateTime", "hessianTimeCompact",
                "localDateTime", "hessianLite", 1.5);
        Map<String, Object> timeNeg = rpcCase("hessian2-time", "timeDto");
        Map<String, Object> datePlain = rpcCase("hessian2", "dateDto");
        if (timeNeg != null && datePlain != null) {
            double t = num(timeNeg.get("callsPerSecond")), d = num(datePlain.get("callsPerSecond"));
            line("| RPC throughput, java.time DTO over `hessian2-time` ≥ 0.95× Date DTO over `hessian2`" + negotiatedNote()
                    + " | " + ratio(t / d) + " (" + ops(t) + " vs " + ops(d) + " calls/s, interleaved rounds) | – | "
                    + (t / d >= 0.95 ? "yes" : "**no**") + " |");
            double tc = cpuPerCall(timeNeg), dc = cpuPerCall(datePlain);
            if (!Double.isNaN(tc)) {
                line("| (supporting, not a target) RPC CPU per call, java.time DTO over `hessian2-time` vs Date DTO over"
                        + " `hessian2`, both JVMs | " + ratio(tc / dc) + " (" + String.format(Locale.ROOT, "%.1f vs %.1f", tc, dc)
                        + " µs) | – | – |");
            }
            double tp = num(timeNeg.get("p99Micros")), dp = num(datePlain.get("p99Micros"));
            line("| RPC p99, java.time DTO over `hessian2-time` ≤ 1.05× Date DTO over `hessian2`" + negotiatedNote()
                    + " | " + ratio(tp / dp) + " (" + micros(tp) + " vs " + micros(dp) + " µs) | – | "
                    + (tp / dp <= 1.05 ? "yes" : "**no**") + " |");
        }
        line("");
        line("\"Date round trip\" is a `java.util.Date` through stock hessian-lite 4.0.4, the article's baseline. Every"
                + " round trip is one value written into a fresh `Hessian2Output` and read back from a fresh"
                + " `Hessian2Input`, as in one Dubbo message.");
        line("");
    }

    private void pairedTarget(String what, String pair, String value, String serializer, String baseValue,
                              String baseSerializer, double goal) {
        double[] r = pairedRatio(pair);
        double separate = score(SER + "roundTrip", value, serializer) / score(SER + "roundTrip", baseValue, baseSerializer);
        String paired = r == null ? "–" : ratio(r[0]) + " (" + ratio(r[1]) + "–" + ratio(r[2]) + ")";
        boolean met = r != null && r[0] >= goal;
        line("| " + what + " | " + paired + " | " + ratio(separate) + " | " + (met ? "yes" : "**no**") + " |");
    }

    /** Candidate speed relative to baseline: overall, and the lowest and highest single iteration. */
    @SuppressWarnings("unchecked")
    private double[] pairedRatio(String pair) {
        Map<String, Object> r = find(PAIRED, Map.of("pair", pair));
        if (r == null) {
            return null;
        }
        Map<String, Object> secondary = (Map<String, Object>) r.get("secondaryMetrics");
        return pairedRatio(secondary, "Cpu");
    }

    @SuppressWarnings("unchecked")
    private static double[] pairedRatio(Map<String, Object> secondary, String clock) {
        Map<String, Object> cand = (Map<String, Object>) secondary.get("candidate" + clock + "Nanos");
        Map<String, Object> base = (Map<String, Object>) secondary.get("baseline" + clock + "Nanos");
        List<Object> candRaw = (List<Object>) cand.get("rawData");
        List<Object> baseRaw = (List<Object>) base.get("rawData");
        double candSum = 0, baseSum = 0, min = Double.MAX_VALUE, max = 0;
        for (int f = 0; f < candRaw.size(); f++) {
            List<Object> c = (List<Object>) candRaw.get(f);
            List<Object> b = (List<Object>) baseRaw.get(f);
            for (int i = 0; i < c.size(); i++) {
                double ci = num(c.get(i)), bi = num(b.get(i));
                candSum += ci;
                baseSum += bi;
                min = Math.min(min, bi / ci);
                max = Math.max(max, bi / ci);
            }
        }
        return new double[]{baseSum / candSum, min, max, candSum, baseSum};
    }

    @SuppressWarnings("unchecked")
    private void pairedSection() {
        if (find(PAIRED, Map.of()) == null) {
            return;
        }
        line("## Paired round trips (`PairedRoundTripBenchmark`)");
        line("");
        line("Each invocation round-trips the 8 fixed values of the candidate 4 times and those of the baseline 4"
                + " times (the order alternates), each value in its own fresh streams, and times each batch by the"
                + " thread's CPU time (and by wall clock). Both sides share every time slice, and CPU time leaves out the"
                + " time the thread waited for a core, so the ratio survives the load of other processes. Unlike the"
                + " separate benchmarks, the two sides also share one JIT profile of hessian-lite's code, as they would"
                + " in one Dubbo process. Speed ratio = baseline time / candidate time; the range is the lowest and"
                + " highest single iteration (2 forks × 3 iterations). The µs per round trip are approximate (derived"
                + " from JMH's invocation count) and include the fresh streams' allocation.");
        line("");
        line("| candidate | baseline | candidate speed vs baseline (CPU time) | per-iteration range | same by wall clock | candidate CPU µs/round trip | baseline CPU µs/round trip |");
        line("|---|---|---|---|---|---|---|");
        SvgBarChart chart = new SvgBarChart("Paired round trip: candidate speed relative to its baseline",
                "× baseline speed, higher is better; both sides timed in the same time slices").labelWidth(540)
                .referenceLine(1.0, "1.0× (as fast as the baseline)");
        for (Map<String, Object> r : jmh) {
            if (!PAIRED.equals(r.get("benchmark"))) {
                continue;
            }
            String pair = (String) ((Map<String, Object>) r.get("params")).get("pair");
            double[] ratio = pairedRatio(pair);
            String[] sides = pair.split("/");
            // Invocations: primary score is invocations per second, over 1 s iterations x (forks x iterations).
            double iterations = ((List<Object>) ((Map<String, Object>) ((Map<String, Object>) r.get("secondaryMetrics"))
                    .get("candidateCpuNanos")).get("rawData")).size() * num(r.get("measurementIterations"));
            double valuesTimed = primary(r, "score") * seconds(r.get("measurementTime")) * iterations * 8 * 4;
            double[] wall = pairedRatio((Map<String, Object>) r.get("secondaryMetrics"), "Wall");
            line("| " + side(sides[0]) + " | " + side(sides[1]) + " | " + ratio(ratio[0]) + " | " + ratio(ratio[1])
                    + "–" + ratio(ratio[2]) + " | " + ratio(wall[0]) + " | "
                    + String.format(Locale.ROOT, "%.2f", ratio[3] / valuesTimed / 1000) + " | "
                    + String.format(Locale.ROOT, "%.2f", ratio[4] / valuesTimed / 1000) + " |");
            chart.bar(sideShort(sides[0]) + "  vs  " + sideShort(sides[1]), "speed ratio", ratio[0], ratio(ratio[0]));
        }
        line("");
        line("![paired round trips](benchmarks/paired-round-trip.svg)");
        line("");
        charts.put("paired-round-trip.svg", chart.render());
    }

    private static String side(String spec) {
        String[] p = spec.split(":");
        return VALUE_TITLES.get(p[0]) + ", " + SERIALIZER_TITLES.get(p[1]);
    }

    private static String sideShort(String spec) {
        String[] p = spec.split(":");
        return VALUE_TITLES.get(p[0]).replace("DTO, 4 Date fields", "Date DTO").replace("DTO, 2 Instant + 2 LocalDateTime", "time DTO")
                + " (" + SERIALIZER_TITLES.get(p[1]) + ")";
    }

    private static double seconds(Object jmhTime) {
        String[] p = String.valueOf(jmhTime).split(" ");
        double v = Double.parseDouble(p[0]);
        return p.length > 1 && p[1].equals("ms") ? v / 1000 : v;
    }

    private String negotiatedNote() {
        if (rpc == null) {
            return "";
        }
        boolean has = Boolean.TRUE.equals(rpc.get("consumerHasHessian2Time"));
        return has ? "" : " **(hessian2-time was not on the class path in this run: the negotiated service fell back to hessian2, see below)**";
    }

    private void target(String what, String measured, double ratio, boolean met) {
        line("| " + what + " | " + measured + " | " + ratio(ratio) + " | " + (met ? "yes" : "**no**") + " |");
    }

    private void serialization() {
        line("## Serialization: one value per fresh Hessian stream");
        line("");
        line("`SerializationBenchmark` and, for hessian-lite's global `compactMode` (it needs"
                + " `-Dcom.caucho.hessian.io.java.time.serializer.compactMode=true`, so it runs in its own fork),"
                + " `HessianLiteCompactModeBenchmark`. Stock hessian-lite 4.0.4 cannot read back the LocalDateTime it"
                + " writes in compactMode (`HessianFieldException: java.time.LocalDateTime.date: expected map/object at"
                + " java.lang.Long`), so that column reads with hessian-time's `compatible()` factory, which reads that"
                + " format. Each value set holds 8 fixed values of ns, µs and ms precision"
                + " (Date: the same instants at ms); the DTOs carry an id, a name and four time fields.");
        line("");
        line("![round trip throughput](benchmarks/serialization-round-trip.svg)");
        line("");
        for (String op : Arrays.asList("roundTrip", "write", "read")) {
            line("### " + op + " (ops/s, higher is better; ratio to the Date " + op + " with stock hessian-lite)");
            line("");
            StringBuilder header = new StringBuilder("| value |");
            StringBuilder rule = new StringBuilder("|---|");
            for (String s : SERIALIZERS) {
                header.append(' ').append(SERIALIZER_TITLES.get(s)).append(" |");
                rule.append("---|");
            }
            line(header.toString());
            line(rule.toString());
            double base = score(SER + op, "date", "hessianLite");
            for (String value : VALUES) {
                StringBuilder row = new StringBuilder("| " + VALUE_TITLES.get(value) + " |");
                for (String s : SERIALIZERS) {
                    Map<String, Object> r = serialization(op, value, s);
                    if (r == null) {
                        row.append(" – |");
                        continue;
                    }
                    double score = primary(r, "score");
                    row.append(' ').append(ops(score)).append(" ± ").append(percent(primary(r, "scoreError") / score))
                            .append(" (").append(ratio(score / base)).append(") |");
                }
                line(row.toString());
            }
            line("");
        }

        SvgBarChart chart = new SvgBarChart("Hessian round trip, one value per fresh stream (ops/s)",
                "ops/s, higher is better; same run, ratios are what matter");
        for (String value : VALUES) {
            for (String s : SERIALIZERS) {
                Map<String, Object> r = serialization("roundTrip", value, s);
                if (r != null) {
                    double score = primary(r, "score");
                    chart.bar(VALUE_TITLES.get(value), SERIALIZER_TITLES.get(s), score, ops(score));
                }
            }
            chart.gap();
        }
        charts.put("serialization-round-trip.svg", chart.render());
    }

    private Map<String, Object> serialization(String op, String value, String serializer) {
        if (serializer.equals("hessianLiteCompactMode")) {
            return find(COMPACT_MODE + op, Map.of("value", value));
        }
        return find(SER + op, Map.of("value", value, "serializer", serializer));
    }

    private void sizesSection() {
        if (sizes.isEmpty()) {
            return;
        }
        line("## Bytes on the wire");
        line("");
        line("Mean over the 8 values of each set (min–max in brackets when they differ). *First* is the value alone in"
                + " a fresh stream, which is what one Dubbo message with one time value carries; *later* is each further"
                + " value of the same type in the same stream (class definitions already sent). Computed by `WireSizes`"
                + " in the same run.");
        line("");
        StringBuilder header = new StringBuilder("| value |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String s : SERIALIZERS) {
            header.append(' ').append(SERIALIZER_TITLES.get(s)).append(" first / later |");
            rule.append("---|");
        }
        line(header.toString());
        line(rule.toString());
        SvgBarChart chart = new SvgBarChart("Bytes for one value alone in a fresh Hessian stream",
                "bytes, lower is better");
        for (String value : VALUES) {
            StringBuilder row = new StringBuilder("| " + VALUE_TITLES.get(value) + " |");
            for (String s : SERIALIZERS) {
                Map<String, Object> size = size(value, s);
                if (size == null) {
                    row.append(" – |");
                    continue;
                }
                row.append(' ').append(bytes(size, "first")).append(" / ").append(bytes(size, "later")).append(" |");
                double mean = num(size.get("firstMean"));
                chart.bar(VALUE_TITLES.get(value), SERIALIZER_TITLES.get(s), mean, String.format(Locale.ROOT, "%.0f B", mean));
            }
            line(row.toString());
            chart.gap();
        }
        line("");
        line("![bytes per value](benchmarks/wire-sizes.svg)");
        line("");
        charts.put("wire-sizes.svg", chart.render());
    }

    private Map<String, Object> size(String value, String serializer) {
        for (Map<String, Object> row : sizes) {
            if (value.equals(row.get("value")) && serializer.equals(row.get("serializer"))) {
                return row;
            }
        }
        return null;
    }

    private static String bytes(Map<String, Object> size, String which) {
        int min = num(size.get(which + "Min")).intValue();
        int max = num(size.get(which + "Max")).intValue();
        String mean = String.format(Locale.ROOT, "%.1f", num(size.get(which + "Mean"))).replace(".0", "");
        return min == max ? mean + " B" : mean + " B (" + min + "–" + max + ")";
    }

    @SuppressWarnings("unchecked")
    private void rpcSection() {
        if (rpc == null) {
            return;
        }
        line("## RPC: Dubbo 3.3.6 provider and consumer in two JVMs on loopback");
        line("");
        line(String.format(Locale.ROOT, "`RpcBenchmark` (consumer) starts `RpcProvider` in a second JVM. Each case makes"
                        + " %d synchronous echo calls (the DTO goes both ways) from %d threads after %d warm-up calls, in"
                        + " %d interleaved rounds; latency per call in an HdrHistogram. Consumer JVM: %s, %d cores"
                        + " shared by both JVMs and the load threads.",
                num(rpc.get("callsPerCase")).intValue(), num(rpc.get("threads")).intValue(),
                num(rpc.get("warmupCallsPerCase")).intValue(), num(rpc.get("rounds")).intValue(), rpc.get("jvm"),
                num(rpc.get("availableProcessors")).intValue()));
        line("");
        line("| DTO | service | calls/s | vs Date DTO over hessian2 | p50 µs | p90 µs | p99 µs | p99.9 µs | max µs | CPU µs per call, consumer + provider JVM | vs Date DTO over hessian2 |");
        line("|---|---|---|---|---|---|---|---|---|---|---|");
        double baseCpu = cpuPerCall(rpcCase("hessian2", "dateDto"));
        Map<String, Object> base = rpcCase("hessian2", "dateDto");
        double baseRate = num(base.get("callsPerSecond"));
        SvgBarChart chart = new SvgBarChart("Dubbo echo calls per second, 2 JVMs on loopback", "calls/s, higher is better");
        SvgBarChart p99 = new SvgBarChart("Dubbo echo call latency p99 (µs)", "µs, lower is better");
        for (Object o : (List<Object>) rpc.get("cases")) {
            Map<String, Object> c = (Map<String, Object>) o;
            double rate = num(c.get("callsPerSecond"));
            String dto = VALUE_TITLES.get((String) c.get("dto"));
            String service = "`" + c.get("format") + "`";
            line("| " + dto + " | " + service + " | " + ops(rate) + " | " + ratio(rate / baseRate) + " | "
                    + micros(num(c.get("p50Micros"))) + " | " + micros(num(c.get("p90Micros"))) + " | "
                    + micros(num(c.get("p99Micros"))) + " | " + micros(num(c.get("p999Micros"))) + " | "
                    + micros(num(c.get("maxMicros"))) + " | "
                    + (Double.isNaN(cpuPerCall(c)) ? "–" : String.format(Locale.ROOT, "%.1f", cpuPerCall(c))) + " | "
                    + ratio(cpuPerCall(c) / baseCpu) + " |");
            chart.bar(dto, "service " + c.get("format"), rate, ops(rate));
            p99.bar(dto, "service " + c.get("format"), num(c.get("p99Micros")), micros(num(c.get("p99Micros"))));
        }
        line("");
        List<String> received = new java.util.ArrayList<>();
        ((Map<String, Object>) rpc.get("providerReceived")).forEach((key, count) ->
                received.add("`" + key + "`: " + num(count).longValue()));
        line("Formats the provider actually received (counted from each request header's serialization id), as"
                + " service group and serialization: " + String.join(", ", received) + ". CPU per call is the CPU time"
                + " both JVMs used during the measured rounds divided by the calls; unlike calls/s it does not depend on"
                + " how much of the machine other processes took.");
        if (!Boolean.TRUE.equals(rpc.get("consumerHasHessian2Time"))) {
            line("");
            line("**In this run the `hessian2-time` Serialization was not on the class path**, so the service that"
                    + " advertises `prefer-serialization=hessian2-time,hessian2` was called with `hessian2`, as an old"
                    + " consumer would. Its rows measure the fallback, not the compact format. Once the Dubbo"
                    + " integration is on the class path the same command negotiates `hessian2-time` with no change.");
        }
        line("");
        line("![RPC throughput](benchmarks/rpc-throughput.svg)");
        line("");
        line("![RPC p99](benchmarks/rpc-p99.svg)");
        line("");
        charts.put("rpc-throughput.svg", chart.render());
        charts.put("rpc-p99.svg", p99.render());
    }

    private static double cpuPerCall(Map<String, Object> c) {
        if (c == null || !c.containsKey("consumerCpuMicrosPerCall")) {
            return Double.NaN;
        }
        return num(c.get("consumerCpuMicrosPerCall")) + num(c.get("providerCpuMicrosPerCall"));
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> rpcCase(String format, String dto) {
        if (rpc == null) {
            return null;
        }
        for (Object o : (List<Object>) rpc.get("cases")) {
            Map<String, Object> c = (Map<String, Object>) o;
            if (format.equals(c.get("format")) && dto.equals(c.get("dto"))) {
                return c;
            }
        }
        return null;
    }

    private void format() {
        line("## Formatting a timestamp: SimpleDateFormat against DateTimeFormatter");
        line("");
        line("`DateFormatBenchmark` (1 thread) and `DateFormatBenchmark.Contended` (4 threads), pattern"
                + " `yyyy-MM-dd HH:mm:ss.SSS`. Ratios are to `new SimpleDateFormat` per call with the same thread count.");
        line("");
        threadTable(FORMAT, Arrays.asList("simpleDateFormatNewPerCall", "simpleDateFormatThreadLocal",
                "simpleDateFormatSynchronized", "dateTimeFormatterOfPatternPerCall", "dateTimeFormatterSharedInstant",
                "dateTimeFormatterSharedLocalDateTime"), "format", "Formatting one timestamp (ops/s, all threads)");
    }

    private void clock() {
        line("## Reading the clock");
        line("");
        line("`ClockBenchmark` (1 thread) and `ClockBenchmark.Contended` (4 threads). The cached clock is a daemon thread"
                + " storing `System.currentTimeMillis()` in a volatile field every millisecond. Ratios are to"
                + " `System.currentTimeMillis()` with the same thread count.");
        line("");
        threadTable(CLOCK, Arrays.asList("currentTimeMillis", "nanoTime", "instantNow", "newDate", "cachedClock"),
                "clock", "Reading the time (ops/s, all threads)");
    }

    private void threadTable(String prefix, List<String> methods, String chartName, String title) {
        String contended = prefix.substring(0, prefix.length() - 1) + ".Contended.";
        line("| method | 1 thread ops/s | ratio | 4 threads ops/s | ratio |");
        line("|---|---|---|---|---|");
        double base1 = scoreOf(prefix + methods.get(0));
        double base4 = scoreOf(contended + methods.get(0));
        SvgBarChart chart = new SvgBarChart(title, "ops/s, higher is better");
        for (String m : methods) {
            Map<String, Object> one = find(prefix + m, Map.of());
            Map<String, Object> four = find(contended + m, Map.of());
            line("| `" + m + "` | " + cell(one) + " | " + (one == null ? "–" : ratio(primary(one, "score") / base1))
                    + " | " + cell(four) + " | " + (four == null ? "–" : ratio(primary(four, "score") / base4)) + " |");
            if (one != null) {
                chart.bar(m, "1 thread", primary(one, "score"), ops(primary(one, "score")));
            }
            if (four != null) {
                chart.bar(m, "4 threads", primary(four, "score"), ops(primary(four, "score")));
            }
        }
        line("");
        line("![" + chartName + "](benchmarks/" + chartName + ".svg)");
        line("");
        charts.put(chartName + ".svg", chart.render());
    }

    private String cell(Map<String, Object> r) {
        if (r == null) {
            return "–";
        }
        double score = primary(r, "score");
        return ops(score) + " ± " + percent(primary(r, "scoreError") / score);
    }

    // ---------------------------------------------------------------------------------------------------------

    private double score(String benchmark, String value, String serializer) {
        Map<String, Object> r = find(benchmark, Map.of("value", value, "serializer", serializer));
        return r == null ? Double.NaN : primary(r, "score");
    }

    private double scoreOf(String benchmark) {
        Map<String, Object> r = find(benchmark, Map.of());
        return r == null ? Double.NaN : primary(r, "score");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> find(String benchmark, Map<String, String> params) {
        for (Map<String, Object> r : jmh) {
            if (!benchmark.equals(r.get("benchmark"))) {
                continue;
            }
            Map<String, Object> p = (Map<String, Object>) r.getOrDefault("params", Map.of());
            boolean all = true;
            for (Map.Entry<String, String> e : params.entrySet()) {
                all &= e.getValue().equals(p.get(e.getKey()));
            }
            if (all) {
                return r;
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static double primary(Map<String, Object> result, String key) {
        return num(((Map<String, Object>) result.get("primaryMetric")).get(key));
    }

    private static Double num(Object o) {
        if (o instanceof String) {
            // JMH writes "NaN" as a string when it has too few iterations for an error.
            return Double.parseDouble((String) o);
        }
        return o == null ? Double.NaN : ((Number) o).doubleValue();
    }

    static String ops(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        if (v >= 1e9) return String.format(Locale.ROOT, "%.2fG", v / 1e9);
        if (v >= 1e6) return String.format(Locale.ROOT, "%.2fM", v / 1e6);
        if (v >= 1e3) return String.format(Locale.ROOT, "%.1fk", v / 1e3);
        return String.format(Locale.ROOT, "%.0f", v);
    }

    private static String ratio(double r) {
        return Double.isNaN(r) ? "–" : String.format(Locale.ROOT, "%.2f×", r);
    }

    private static String percent(double r) {
        return Double.isNaN(r) ? "?" : String.format(Locale.ROOT, "%.0f%%", r * 100);
    }

    private static String micros(double v) {
        return v >= 1000 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.0f", v);
    }

    private void line(String s) {
        md.append(s).append('\n');
    }

}
