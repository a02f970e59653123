package io.github.hessiantime.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.hessiantime.bench.Fixtures;
import io.github.hessiantime.bench.serialization.PairedPageRoundTripBenchmark;
import io.github.hessiantime.bench.serialization.PairedRoundTripBenchmark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns one run's result files into {@code docs/benchmarks.md} and its SVG charts. Every number in the document
 * comes from those files; nothing is typed in by hand.
 *
 * <p>Usage: {@code ReportWriter <results-dir> <docs-dir>}. The results directory holds what {@code benchmarks/run.sh}
 * writes: {@code jmh.json} (JMH's JSON output), {@code wire-sizes.json} and {@code wire-sizes-compact-mode.json}
 * ({@code WireSizes}), {@code rpc.json} ({@code RpcBenchmark}) and {@code run.txt} (machine, dates, load); a page run
 * adds {@code page.json} and {@code rpc-page.json}. All but {@code jmh.json} are optional. An {@code analysis.md}
 * beside the results directory (hand-written: profiles and their reading) is appended unchanged.
 */
public final class ReportWriter {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String SER = "io.github.hessiantime.bench.serialization.SerializationBenchmark.";
    private static final String COMPACT_MODE = "io.github.hessiantime.bench.serialization.HessianLiteCompactModeBenchmark.";
    private static final String PAIRED = "io.github.hessiantime.bench.serialization.PairedRoundTripBenchmark.roundTripBoth";
    private static final String PAGE = "io.github.hessiantime.bench.serialization.PageRoundTripBenchmark.roundTrip";
    private static final String PAIRED_PAGE =
            "io.github.hessiantime.bench.serialization.PairedPageRoundTripBenchmark.roundTripBoth";
    private static final String DUBBO_PAGE =
            "io.github.hessiantime.bench.serialization.DubboPageRoundTripBenchmark.roundTripBoth";
    private static final String FORMAT = "io.github.hessiantime.bench.format.DateFormatBenchmark.";
    private static final String CLOCK = "io.github.hessiantime.bench.clock.ClockBenchmark.";

    private static final List<String> VALUES = Arrays.asList("date", "instant", "localDateTime", "dateDto", "timeDto");
    private static final List<String> SERIALIZERS =
            Arrays.asList("hessianLite", "hessianLiteCompactMode", "hessianTimeCompact", "hessianTimeCompatible");
    private static final Map<String, String> SERIALIZER_TITLES = new LinkedHashMap<>();
    private static final Map<String, String> VALUE_TITLES = new LinkedHashMap<>();

    static {
        SERIALIZER_TITLES.put("hessianLite", "stock hessian-lite");
        SERIALIZER_TITLES.put("hessianLiteCompactMode", "hessian-lite compactMode");
        SERIALIZER_TITLES.put("hessianTimeCompact", "hessian-time compact");
        SERIALIZER_TITLES.put("hessianTimeCompactUnreferenced", "hessian-time compact, unreferenced");
        SERIALIZER_TITLES.put("hessian2TimeStream", "hessian-time as Dubbo's hessian2-time writes it");
        SERIALIZER_TITLES.put("hessianTimeCompatible", "hessian-time compatible");
        VALUE_TITLES.put("date", "Date");
        VALUE_TITLES.put("instant", "Instant");
        VALUE_TITLES.put("localDateTime", "LocalDateTime");
        VALUE_TITLES.put("dateDto", "DTO, 4 Date fields");
        VALUE_TITLES.put("timeDto", "DTO, 2 Instant + 2 LocalDateTime");
        VALUE_TITLES.put("datePage", "Date page");
        VALUE_TITLES.put("instantPage", "Instant page");
        VALUE_TITLES.put("localDateTimePage", "LocalDateTime page");
        VALUE_TITLES.put("instantMillis", "Instant (ms)");
        VALUE_TITLES.put("instantMicros", "Instant (µs, as `Instant.now()` on JDK 15+)");
        VALUE_TITLES.put("instantMillisPage", "Instant page (ms)");
        VALUE_TITLES.put("instantMicrosPage", "Instant page (µs)");
    }

    /** README.md's "hessian2-time or fastjson2?" paragraph (there with a link to this document); keep the two the same. */
    private static final String HESSIAN2_TIME_OR_FASTJSON2 = "Dubbo 3.3 ships another serialization that carries"
            + " java.time values, `fastjson2`, and a provider offers it the same way (`prefer-serialization=fastjson2,"
            + "hessian2`). The two change different things. `hessian2-time` changes nothing but java.time: every other"
            + " type keeps `hessian2`'s encoding and semantics (a bean with java.time fields gets a marked class"
            + " definition with those fields inline, and is still built, referenced and class-checked exactly as over"
            + " `hessian2`), and it is negotiated per peer, so a peer without the jar keeps talking plain `hessian2`. `fastjson2` changes the encoding and the semantics of every type a"
            + " service sends (how each bean, collection, map, enum and subclass is written and rebuilt), so moving a"
            + " service to it means retesting everything the service exchanges, not only its time fields. Pick"
            + " `hessian2-time` to make java.time cheap and leave the rest alone; pick `fastjson2` when you mean to"
            + " change the whole format.";

    private final List<Map<String, Object>> jmh;
    private final List<Map<String, Object>> sizes;
    private final Map<String, Object> rpc;
    private final Map<String, Object> rpcPage;
    private final List<Map<String, Object>> pageSizes;
    private final String hessianLiteVersion;
    private final Map<String, String> run;
    private final StringBuilder md = new StringBuilder();
    private final Map<String, BarChart> charts = new LinkedHashMap<>();

    private ReportWriter(List<Map<String, Object>> jmh, List<Map<String, Object>> sizes,
                         List<Map<String, Object>> pageSizes, String hessianLiteVersion, Map<String, Object> rpc,
                         Map<String, Object> rpcPage, Map<String, String> run) {
        this.jmh = jmh;
        this.sizes = sizes;
        this.pageSizes = pageSizes;
        this.hessianLiteVersion = hessianLiteVersion;
        this.rpc = rpc;
        this.rpcPage = rpcPage;
        this.run = run;
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: ReportWriter <results-dir> <docs-dir>");
        }
        Path results = Paths.get(args[0]);
        Path docs = Paths.get(args[1]);
        List<Map<String, Object>> jmh = new ArrayList<>();
        for (String file : Arrays.asList("jmh.json", "page.json")) {
            if (Files.exists(results.resolve(file))) {
                jmh.addAll((List<Map<String, Object>>) read(results.resolve(file)));
            }
        }
        List<Map<String, Object>> sizes = new ArrayList<>();
        List<Map<String, Object>> pageSizes = new ArrayList<>();
        String hessianLiteVersion = null;
        for (String file : Arrays.asList("wire-sizes.json", "wire-sizes-compact-mode.json")) {
            if (Files.exists(results.resolve(file))) {
                Map<String, Object> sizeFile = (Map<String, Object>) read(results.resolve(file));
                sizes.addAll((List<Map<String, Object>>) sizeFile.get("sizes"));
                pageSizes.addAll((List<Map<String, Object>>) sizeFile.getOrDefault("pages", List.of()));
                hessianLiteVersion = (String) sizeFile.get("hessianLiteVersion");
            }
        }
        Map<String, Object> rpc = Files.exists(results.resolve("rpc.json"))
                ? (Map<String, Object>) read(results.resolve("rpc.json")) : null;
        // A page run (run.sh page) writes its RPC result apart; a full run has the pages in rpc.json.
        Map<String, Object> rpcPage = Files.exists(results.resolve("rpc-page.json"))
                ? (Map<String, Object>) read(results.resolve("rpc-page.json")) : rpc;
        Map<String, String> run = new LinkedHashMap<>();
        if (Files.exists(results.resolve("run.txt"))) {
            for (String line : Files.readAllLines(results.resolve("run.txt"), StandardCharsets.UTF_8)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    run.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
                }
            }
        }
        ReportWriter writer = new ReportWriter(jmh, sizes, pageSizes, hessianLiteVersion, rpc, rpcPage, run);
        writer.write();
        // Hand-written findings (profiles, explanations) live beside the results and are appended as they are.
        Path analysis = results.resolveSibling("analysis.md");
        if (Files.exists(analysis)) {
            writer.md.append('\n').append(new String(Files.readAllBytes(analysis), StandardCharsets.UTF_8));
        }
        Path chartDir = docs.resolve("benchmarks");
        Files.createDirectories(chartDir);
        for (Map.Entry<String, BarChart> chart : writer.charts.entrySet()) {
            Files.write(chartDir.resolve(chart.getKey()), chart.getValue().svg());
        }
        Files.write(docs.resolve("benchmarks.md"), writer.md.toString().getBytes(StandardCharsets.UTF_8));
        System.out.println("wrote " + docs.resolve("benchmarks.md") + " and " + writer.charts.size() + " charts");
    }

    private static Object read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), Object.class);
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
        line("**How much to trust these numbers.** " + loadSentence("load", "the run") + " On a shared machine a"
                + " benchmark's absolute ops/s depends on when it ran, and a ratio between two separate benchmarks,"
                + " measured minutes apart, measures the neighbours as much as the code. The targets are therefore judged"
                + " on the paired benchmarks, which time both sides within the same time slices by thread CPU time; each"
                + " paired ratio is shown with its lowest and highest single iteration. JMH settings: " + jmhSettings()
                + ". Error columns are JMH's 99.9 % confidence half-width.");
        line("");
        targets();
        pageSection();
        pairedSection(PAIRED, "the 8 fixed values", Fixtures.SIZE, PairedRoundTripBenchmark.PASSES,
                "Paired round trips (`PairedRoundTripBenchmark`)", "paired-round-trip.svg");
        serialization();
        sizesSection();
        rpcSection(rpc, "RPC", "dateDto", "rpc", Arrays.asList("dateDto", "timeDto"));
        format();
        clock();
    }

    /**
     * The machine load run.sh recorded ({@code KEY-start} and {@code KEY-end} from /proc/loadavg), as a sentence;
     * says so when nothing was recorded.
     */
    private String loadSentence(String key, String what) {
        String start = run.get(key + "-start");
        String end = run.get(key + "-end");
        if (start == null || end == null) {
            return "The machine's load during " + what + " was not recorded.";
        }
        return "Load average (1, 5, 15 min, from `/proc/loadavg`) when " + what + " started: " + start + "; when it"
                + " ended: " + end + "; on " + run.getOrDefault("cores", "?") + " cores.";
    }

    /** The hessian-lite version WireSizes ran with (the same class path as the JMH jar). */
    private String hessianLiteVersion() {
        return hessianLiteVersion == null ? "(version not recorded)" : hessianLiteVersion;
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
        pairedTarget("LocalDateTime round trip, hessian-time compact ≥ 1.5× stock hessian-lite " + hessianLiteVersion(),
                "localDateTime:hessianTimeCompact/localDateTime:hessianLite", "localDateTime", "hessianTimeCompact",
                "localDateTime", "hessianLite", 1.5);
        Map<String, Object> timeNeg = rpcCase(rpc, "hessian2-time", "timeDto");
        Map<String, Object> datePlain = rpcCase(rpc, "hessian2", "dateDto");
        if (timeNeg != null && datePlain != null) {
            double t = num(timeNeg.get("callsPerSecond")), d = num(datePlain.get("callsPerSecond"));
            line("| RPC throughput, java.time DTO over `hessian2-time` ≥ 0.95× Date DTO over `hessian2`" + negotiatedNote(rpc)
                    + " | " + ratio(t / d) + " (" + ops(t) + " vs " + ops(d) + " calls/s, interleaved rounds) | – | "
                    + (t / d >= 0.95 ? "yes" : "**no**") + " |");
            double tc = cpuPerCall(timeNeg), dc = cpuPerCall(datePlain);
            if (!Double.isNaN(tc)) {
                line("| (supporting, not a target) RPC CPU per call, java.time DTO over `hessian2-time` vs Date DTO over"
                        + " `hessian2`, both JVMs | " + ratio(tc / dc) + " (" + String.format(Locale.ROOT, "%.1f vs %.1f", tc, dc)
                        + " µs) | – | – |");
            }
            double tp = num(timeNeg.get("p99Micros")), dp = num(datePlain.get("p99Micros"));
            line("| RPC p99, java.time DTO over `hessian2-time` ≤ 1.05× Date DTO over `hessian2`" + negotiatedNote(rpc)
                    + " | " + ratio(tp / dp) + " (" + micros(tp) + " vs " + micros(dp) + " µs) | – | "
                    + (tp / dp <= 1.05 ? "yes" : "**no**") + " |");
        }
        line("");
        line("\"Date round trip\" is a `java.util.Date` through stock hessian-lite " + hessianLiteVersion()
                + ", the article's baseline. Every"
                + " round trip is one value written into a fresh `Hessian2Output` and read back from a fresh"
                + " `Hessian2Input`, as in one Dubbo message.");
        line("");
    }

    private void pairedTarget(String what, String pair, String value, String serializer, String baseValue,
                              String baseSerializer, double goal) {
        double[] r = pairedRatio(PAIRED, pair);
        double separate = score(SER + "roundTrip", value, serializer) / score(SER + "roundTrip", baseValue, baseSerializer);
        String paired = r == null ? "–" : ratio(r[0]) + " (" + ratio(r[1]) + "–" + ratio(r[2]) + ")";
        boolean met = r != null && r[0] >= goal;
        line("| " + what + " | " + paired + " | " + ratio(separate) + " | " + (met ? "yes" : "**no**") + " |");
    }

    /** Candidate speed relative to baseline: overall, and the lowest and highest single iteration. */
    @SuppressWarnings("unchecked")
    private double[] pairedRatio(String benchmark, String pair) {
        Map<String, Object> r = find(benchmark, Map.of("pair", pair));
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

    /** The page case (issue: what users feel): targets, the paired ratios, ns per page, and the RPC page. */
    private void pageSection() {
        if (find(PAGE, Map.of()) == null && find(PAIRED_PAGE, Map.of()) == null && rpcPage == null) {
            return;
        }
        line("## Pages: " + Fixtures.PAGE_ROWS + " rows × " + Fixtures.PAGE_FIELDS + " time fields");
        line("");
        line("What a typical response carries: one `Page` of " + Fixtures.PAGE_ROWS + " rows, each row with "
                + Fixtures.PAGE_FIELDS + " fields of one type (`Date`, `Instant` or `LocalDateTime`; ns, µs and ms"
                + " precision mixed, Date at ms), written into a fresh `Hessian2Output` and read back from a fresh"
                + " `Hessian2Input` as in one Dubbo message. The class definitions are paid once per page; the other"
                + " values of the page show the per-value cost." + (run.containsKey("page-run")
                ? " The page results were measured by `benchmarks/run.sh page` on " + run.get("page-run") + ". "
                + loadSentence("page-load", "the page run") : ""));
        line("");
        line("| page target | paired: candidate speed vs baseline (per-iteration range) | met |");
        line("|---|---|---|");
        pagePairedTarget("Instant page, hessian-time compact ≥ 1.0× Date page, stock hessian-lite",
                "instant:hessianTimeCompact/date:hessianLite", 1.0);
        pagePairedTarget("LocalDateTime page, hessian-time compact ≥ 0.9× Date page, stock hessian-lite",
                "localDateTime:hessianTimeCompact/date:hessianLite", 0.9);
        pagePairedTarget("Instant page, hessian-time compact unreferenced (the hessian2-time framing) ≥ 1.0× Date"
                + " page, stock hessian-lite", "instant:hessianTimeCompactUnreferenced/date:hessianLite", 1.0);
        pagePairedTarget("LocalDateTime page, hessian-time compact unreferenced ≥ 0.9× Date page, stock hessian-lite",
                "localDateTime:hessianTimeCompactUnreferenced/date:hessianLite", 0.9);
        pagePairedTarget("Instant page, as Dubbo's hessian2-time writes it ≥ 1.0× Date page, stock hessian-lite",
                "instant:hessian2TimeStream/date:hessianLite", 1.0);
        pagePairedTarget("LocalDateTime page, as Dubbo's hessian2-time writes it ≥ 0.9× Date page, stock hessian-lite",
                "localDateTime:hessian2TimeStream/date:hessianLite", 0.9);
        dubboPageTarget("Instant page (ms) over Dubbo's `hessian2-time` ≥ 1.0× Date page over `hessian2`",
                "instantMillis:hessian2-time/date:hessian2", 1.0);
        dubboPageTarget("Instant page (µs) over Dubbo's `hessian2-time` ≥ 1.0× Date page over `hessian2`",
                "instantMicros:hessian2-time/date:hessian2", 1.0);
        dubboPageTarget("LocalDateTime page over Dubbo's `hessian2-time` ≥ 0.9× Date page over `hessian2`",
                "localDateTime:hessian2-time/date:hessian2", 0.9);
        for (String page : Arrays.asList("instantMillis", "localDateTime")) {
            double[] ours = pairedRatio(DUBBO_PAGE, page + ":hessian2-time/date:hessian2");
            double[] fastjson2 = pairedRatio(DUBBO_PAGE, page + ":fastjson2/date:hessian2");
            if (ours != null && fastjson2 != null) {
                line("| (goal) " + VALUE_TITLES.get(page + "Page") + " over Dubbo's `hessian2-time` at least as fast as over"
                        + " `fastjson2`, both vs Date page over `hessian2` | " + ratio(ours[0]) + " vs " + ratio(fastjson2[0])
                        + " | " + (ours[0] >= fastjson2[0] ? "yes" : "**no**") + " |");
            }
        }
        for (String page : Arrays.asList("instantMillis", "instantMicros", "localDateTime")) {
            double bytesRatio = dubboPageBytes(page, "hessian2-time") / dubboPageBytes("date", "hessian2");
            if (!Double.isNaN(bytesRatio)) {
                line("| Bytes, " + VALUE_TITLES.get(page + "Page") + " over Dubbo's `hessian2-time` ≤ 1.05× Date page"
                        + " over `hessian2` | " + ratio(bytesRatio) + " | " + (bytesRatio <= 1.05 ? "yes" : "**no**") + " |");
            }
        }
        Map<String, Object> datePage = rpcCase(rpcPage, "hessian2", "datePage");
        for (String page : Arrays.asList("instantPage", "localDateTimePage")) {
            Map<String, Object> timePage = rpcCase(rpcPage, "hessian2-time", page);
            if (timePage == null || datePage == null) {
                continue;
            }
            // issue 15: a java.time page at least as fast as the Date page, at no more CPU per call
            double minCalls = 1.0, maxCpu = 1.0;
            double t = num(timePage.get("callsPerSecond")), d = num(datePage.get("callsPerSecond"));
            line("| RPC calls/s, " + VALUE_TITLES.get(page) + " over `hessian2-time` ≥ " + ratio(minCalls)
                    + " Date page over `hessian2`" + negotiatedNote(rpcPage) + " | " + ratio(t / d) + " (" + ops(t)
                    + " vs " + ops(d) + " calls/s, interleaved rounds) | " + (t / d >= minCalls ? "yes" : "**no**") + " |");
            double tc = cpuPerCall(timePage), dc = cpuPerCall(datePage);
            line("| RPC CPU per call (both JVMs), " + VALUE_TITLES.get(page) + " over `hessian2-time` ≤ "
                    + ratio(maxCpu) + " Date page over `hessian2` | " + ratio(tc / dc) + " ("
                    + String.format(Locale.ROOT, "%.1f vs %.1f", tc, dc) + " µs) | " + (tc / dc <= maxCpu ? "yes" : "**no**")
                    + " |");
        }
        line("");
        pageRoundTrips();
        pairedSection(PAIRED_PAGE, "one page", 1, PairedPageRoundTripBenchmark.PASSES,
                "Paired page round trips (`PairedPageRoundTripBenchmark`)", "paired-page-round-trip.svg");
        dubboPages();
        rpcSection(rpcPage, "RPC with pages", "datePage", "rpc-page",
                Arrays.asList("datePage", "instantPage", "localDateTimePage"));
    }

    private void pagePairedTarget(String what, String pair, double goal) {
        pairedTargetRow(PAIRED_PAGE, what, pair, goal);
    }

    private void dubboPageTarget(String what, String pair, double goal) {
        pairedTargetRow(DUBBO_PAGE, what, pair, goal);
    }

    private void pairedTargetRow(String benchmark, String what, String pair, double goal) {
        double[] r = pairedRatio(benchmark, pair);
        if (r == null) {
            return;
        }
        line("| " + what + " | " + ratio(r[0]) + " (" + ratio(r[1]) + "–" + ratio(r[2]) + ") | "
                + (r[0] >= goal ? "yes" : "**no**") + " |");
    }

    private String pageBytes(String page, String serializer) {
        for (Map<String, Object> row : pageSizes) {
            if (page.equals(row.get("page")) && serializer.equals(row.get("serializer"))) {
                return String.format(Locale.ROOT, "%,d", num(row.get("bytes")).intValue());
            }
        }
        return "–";
    }

    /** Bytes of a page as one message body of Dubbo's serialization {@code name} (WireSizes' {@code dubbo:NAME}). */
    private double dubboPageBytes(String page, String name) {
        for (Map<String, Object> row : pageSizes) {
            if (page.equals(row.get("page")) && ("dubbo:" + name).equals(row.get("serializer"))) {
                return num(row.get("bytes"));
            }
        }
        return Double.NaN;
    }

    /**
     * The pages through Dubbo's own Serialization extensions ({@code DubboPageRoundTripBenchmark}), each paired
     * against the Date page over {@code hessian2}, with bytes per page; then when to pick which serialization.
     */
    @SuppressWarnings("unchecked")
    private void dubboPages() {
        if (find(DUBBO_PAGE, Map.of()) != null) {
            line("### Pages through Dubbo's serializations (`DubboPageRoundTripBenchmark`)");
            line("");
            line("The same pages written and read through Dubbo's own `Serialization` extensions, as Dubbo does for a"
                    + " message body: `serialize(url, out)`, `writeObject`, `flushBuffer`; `deserialize(url, in)`,"
                    + " `readObject(Page.class)`. Each case is paired with the Date page over `hessian2` (same time"
                    + " slices, thread CPU time, as above). *Instant (ms)* holds the Instant page's values at millisecond"
                    + " precision; *Instant (µs)* gives each value 1-999 µs beyond its millisecond, as `Instant.now()`"
                    + " does on JDK 15+. Bytes: one page as one message body (`WireSizes`, same run). The Date page"
                    + " against itself shows how far apart two equal sides measure.");
            line("");
            line("| page | serialization | CPU speed vs Date page over `hessian2` (per-iteration range) | bytes per page"
                    + " | bytes vs Date page over `hessian2` |");
            line("|---|---|---|---|---|");
            double dateBytes = dubboPageBytes("date", "hessian2");
            BarChart chart = new BarChart("Pages through Dubbo's serializations: speed relative to the Date page over"
                    + " hessian2", "× Date page speed (higher is better)").referenceLine(1.0).decimalPattern("0.00");
            for (Map<String, Object> r : jmh) {
                if (!DUBBO_PAGE.equals(r.get("benchmark"))) {
                    continue;
                }
                String pair = (String) ((Map<String, Object>) r.get("params")).get("pair");
                String[] candidate = pair.split("/")[0].split(":");
                double[] speed = pairedRatio(DUBBO_PAGE, pair);
                double bytes = dubboPageBytes(candidate[0], candidate[1]);
                String page = VALUE_TITLES.get(candidate[0] + "Page");
                line("| " + page + " | `" + candidate[1] + "` | " + ratio(speed[0]) + " (" + ratio(speed[1]) + "–"
                        + ratio(speed[2]) + ") | " + (Double.isNaN(bytes) ? "–" : String.format(Locale.ROOT, "%,.0f", bytes))
                        + " | " + ratio(bytes / dateBytes) + " |");
                chart.bar(page, candidate[1], speed[0]);
            }
            line("");
            line("![Pages through Dubbo's serializations](benchmarks/dubbo-page-round-trip.svg)");
            line("");
            charts.put("dubbo-page-round-trip.svg", chart);
        }
        hessian2TimeOrFastjson2();
    }

    /** When to pick which: the same paragraph as in the README, beside the numbers it is about. */
    private void hessian2TimeOrFastjson2() {
        line("### hessian2-time or fastjson2?");
        line("");
        line(HESSIAN2_TIME_OR_FASTJSON2);
        line("");
    }

    /** ns per page round trip from the separate (unpaired) benchmark, with the extra cost per value over Dates. */
    private void pageRoundTrips() {
        Map<String, Object> dateStock = find(PAGE, Map.of("page", "date", "serializer", "hessianLite"));
        if (dateStock == null) {
            return;
        }
        int values = Fixtures.PAGE_ROWS * Fixtures.PAGE_FIELDS;
        double dateNs = primary(dateStock, "score");
        line("### Page round trip (`PageRoundTripBenchmark`, ns per page, lower is better)");
        line("");
        line("Separate benchmarks, so on a shared machine their ratios carry the load differences between them; the"
                + " targets above use the paired measurement. *Extra ns per value* is (page − Date page) / " + values
                + ".");
        line("");
        line("| page | serializer | bytes per page | ns per page | speed vs Date page, stock | extra ns per value |");
        line("|---|---|---|---|---|---|");
        BarChart chart = new BarChart("Page round trip, " + Fixtures.PAGE_ROWS + " rows × " + Fixtures.PAGE_FIELDS
                + " fields, fresh streams (ns per page)", "ns per page, lower is better");
        for (String page : Arrays.asList("date", "instant", "localDateTime")) {
            for (String serializer : Arrays.asList("hessianLite", "hessianTimeCompact",
                    "hessianTimeCompactUnreferenced", "hessian2TimeStream", "hessianTimeCompatible")) {
                Map<String, Object> r = find(PAGE, Map.of("page", page, "serializer", serializer));
                if (r == null) {
                    continue;
                }
                double ns = primary(r, "score");
                line("| " + VALUE_TITLES.get(page + "Page") + " | " + SERIALIZER_TITLES.get(serializer) + " | "
                        + pageBytes(page, serializer) + " | " + String.format(Locale.ROOT, "%,.0f ± %s", ns, percent(primary(r, "scoreError") / ns)) + " | "
                        + ratio(dateNs / ns) + " | " + String.format(Locale.ROOT, "%+.0f", (ns - dateNs) / values) + " |");
                chart.bar(VALUE_TITLES.get(page + "Page"), SERIALIZER_TITLES.get(serializer), ns);
            }
        }
        line("");
        line("![page round trip](benchmarks/page-round-trip.svg)");
        line("");
        charts.put("page-round-trip.svg", chart);
    }

    /**
     * One paired benchmark's table and chart: for each pair, the speed ratio by thread CPU time with its
     * per-iteration range, the same by wall clock, and the approximate CPU time per round trip of each side.
     *
     * @param what         what one side round-trips per pass, for the prose
     * @param valuesPerPass round trips per pass over a side's values
     * @param passes       passes per timed batch
     */
    @SuppressWarnings("unchecked")
    private void pairedSection(String benchmark, String what, int valuesPerPass, int passes, String title,
                               String chartFile) {
        Map<String, Object> any = find(benchmark, Map.of());
        if (any == null) {
            return;
        }
        int forks = rawIterations(any).size();
        int iterations = num(any.get("measurementIterations")).intValue();
        line("## " + title);
        line("");
        line("Each invocation round-trips " + what + " of the candidate " + passes + " times and those of the"
                + " baseline " + passes + " times (the order alternates), each round trip in its own fresh streams, and"
                + " times each batch by the thread's CPU time (and by wall clock). Both sides share every time slice,"
                + " and CPU time leaves out the time the thread waited for a core, so the ratio survives the load of"
                + " other processes. Unlike the separate benchmarks, the two sides also share one JIT profile of"
                + " hessian-lite's code, as they would in one Dubbo process. Speed ratio = baseline time / candidate"
                + " time; the range is the lowest and highest single iteration (" + forks + " fork(s) × " + iterations
                + " iterations). The µs per round trip are approximate (derived from JMH's invocation count) and"
                + " include the fresh streams' allocation.");
        line("");
        line("| candidate | baseline | candidate speed vs baseline (CPU time) | per-iteration range | same by wall clock | candidate CPU µs/round trip | baseline CPU µs/round trip |");
        line("|---|---|---|---|---|---|---|");
        BarChart chart = new BarChart(title.replaceAll(" \\(.*", "") + ": candidate speed relative to its baseline",
                "× baseline speed (higher is better)").referenceLine(1.0).decimalPattern("0.00");
        for (Map<String, Object> r : jmh) {
            if (!benchmark.equals(r.get("benchmark"))) {
                continue;
            }
            String pair = (String) ((Map<String, Object>) r.get("params")).get("pair");
            double[] ratio = pairedRatio(benchmark, pair);
            String[] sides = pair.split("/");
            // Invocations: the primary score is invocations per second, over (forks x iterations) iterations.
            double invocations = primary(r, "score") * seconds(r.get("measurementTime"))
                    * rawIterations(r).size() * num(r.get("measurementIterations"));
            double roundTrips = invocations * valuesPerPass * passes;
            double[] wall = pairedRatio((Map<String, Object>) r.get("secondaryMetrics"), "Wall");
            line("| " + side(sides[0]) + " | " + side(sides[1]) + " | " + ratio(ratio[0]) + " | " + ratio(ratio[1])
                    + "–" + ratio(ratio[2]) + " | " + ratio(wall[0]) + " | "
                    + String.format(Locale.ROOT, "%.2f", ratio[3] / roundTrips / 1000) + " | "
                    + String.format(Locale.ROOT, "%.2f", ratio[4] / roundTrips / 1000) + " |");
            chart.bar(sideShort(sides[0]) + " vs " + sideShort(sides[1]), "speed ratio", ratio[0]);
        }
        line("");
        line("![" + title + "](benchmarks/" + chartFile + ")");
        line("");
        charts.put(chartFile, chart);
    }

    /** The per-fork lists of one paired result's candidate CPU nanos. */
    @SuppressWarnings("unchecked")
    private static List<Object> rawIterations(Map<String, Object> r) {
        return (List<Object>) ((Map<String, Object>) ((Map<String, Object>) r.get("secondaryMetrics"))
                .get("candidateCpuNanos")).get("rawData");
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

    private static String negotiatedNote(Map<String, Object> rpc) {
        if (rpc == null) {
            return "";
        }
        boolean has = Boolean.TRUE.equals(rpc.get("consumerHasHessian2Time"));
        return has ? "" : " **(hessian2-time was not on the class path in this run: the negotiated service fell back to hessian2, see below)**";
    }

    private void serialization() {
        line("## Serialization: one value per fresh Hessian stream");
        line("");
        line("`SerializationBenchmark` and, for hessian-lite's global `compactMode` (it needs"
                + " `-Dcom.caucho.hessian.io.java.time.serializer.compactMode=true`, so it runs in its own fork),"
                + " `HessianLiteCompactModeBenchmark`. Stock hessian-lite " + hessianLiteVersion() + " cannot read back the LocalDateTime it"
                + " writes in compactMode (`HessianFieldException: java.time.LocalDateTime.date: expected map/object at"
                + " java.lang.Long`), so that column reads with hessian-time's `compatible()` factory, which reads that"
                + " format. Each value set holds " + Fixtures.SIZE + " fixed values of ns, µs and ms precision"
                + " (Date: the same instants at ms); the DTOs carry an id, a name and four time fields.");
        line("");
        line("![round trip throughput](benchmarks/serialization-round-trip.svg)");
        line("");
        for (String op : Arrays.asList("roundTrip", "write", "read")) {
            line("### " + op + " (ops/s, higher is better; ratio to the Date " + op + " with stock hessian-lite)");
            line("");
            valueBySerializerHeader("");
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

        BarChart chart = new BarChart("Hessian round trip, one value per fresh stream (ops/s)",
                "ops/s, higher is better; same run, ratios are what matter");
        for (String value : VALUES) {
            for (String s : SERIALIZERS) {
                Map<String, Object> r = serialization("roundTrip", value, s);
                if (r != null) {
                    double score = primary(r, "score");
                    chart.bar(VALUE_TITLES.get(value), SERIALIZER_TITLES.get(s), score);
                }
            }
        }
        charts.put("serialization-round-trip.svg", chart);
    }

    /** The header and rule of a table with a row per value and a column per serializer, titled with {@code suffix}. */
    private void valueBySerializerHeader(String suffix) {
        StringBuilder header = new StringBuilder("| value |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String s : SERIALIZERS) {
            header.append(' ').append(SERIALIZER_TITLES.get(s)).append(suffix).append(" |");
            rule.append("---|");
        }
        line(header.toString());
        line(rule.toString());
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
        valueBySerializerHeader(" first / later");
        BarChart chart = new BarChart("Bytes for one value alone in a fresh Hessian stream",
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
                chart.bar(VALUE_TITLES.get(value), SERIALIZER_TITLES.get(s), mean);
            }
            line(row.toString());
        }
        line("");
        line("![bytes per value](benchmarks/wire-sizes.svg)");
        line("");
        charts.put("wire-sizes.svg", chart);
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
    private void rpcSection(Map<String, Object> rpc, String heading, String baseDto, String chartPrefix,
                            List<String> dtos) {
        if (rpc == null || rpcCase(rpc, "hessian2", baseDto) == null) {
            return;
        }
        line("## " + heading + ": Dubbo " + rpc.getOrDefault("dubboVersion", "(version not recorded)")
                + " provider and consumer in two JVMs on loopback");
        line("");
        line(String.format(Locale.ROOT, "`RpcBenchmark` (consumer) starts `RpcProvider` in a second JVM. Each case makes"
                        + " %d synchronous echo calls (the DTO goes both ways) from %d threads after %d warm-up calls, in"
                        + " %d interleaved rounds; latency per call in an HdrHistogram. Consumer JVM: %s, %d cores"
                        + " shared by both JVMs and the load threads.",
                num(rpc.get("callsPerCase")).intValue(), num(rpc.get("threads")).intValue(),
                num(rpc.get("warmupCallsPerCase")).intValue(), num(rpc.get("rounds")).intValue(), rpc.get("jvm"),
                num(rpc.get("availableProcessors")).intValue()));
        line("");
        String baseName = VALUE_TITLES.get(baseDto) + " over hessian2";
        line("| DTO | service | calls/s | vs " + baseName + " | p50 µs | p90 µs | p99 µs | p99.9 µs | max µs | CPU µs per call, consumer + provider JVM | vs " + baseName + " |");
        line("|---|---|---|---|---|---|---|---|---|---|---|");
        Map<String, Object> base = rpcCase(rpc, "hessian2", baseDto);
        double baseCpu = cpuPerCall(base);
        double baseRate = num(base.get("callsPerSecond"));
        BarChart chart = new BarChart(heading + ": Dubbo echo calls per second", "calls/s, higher is better");
        BarChart p99 = new BarChart(heading + ": Dubbo echo call latency p99 (µs)", "µs, lower is better");
        for (Object o : (List<Object>) rpc.get("cases")) {
            Map<String, Object> c = (Map<String, Object>) o;
            if (!dtos.contains((String) c.get("dto"))) {
                continue;
            }
            double rate = num(c.get("callsPerSecond"));
            String dto = VALUE_TITLES.get((String) c.get("dto"));
            String service = "`" + c.get("format") + "`";
            line("| " + dto + " | " + service + " | " + ops(rate) + " | " + ratio(rate / baseRate) + " | "
                    + micros(num(c.get("p50Micros"))) + " | " + micros(num(c.get("p90Micros"))) + " | "
                    + micros(num(c.get("p99Micros"))) + " | " + micros(num(c.get("p999Micros"))) + " | "
                    + micros(num(c.get("maxMicros"))) + " | "
                    + (Double.isNaN(cpuPerCall(c)) ? "–" : String.format(Locale.ROOT, "%.1f", cpuPerCall(c))) + " | "
                    + ratio(cpuPerCall(c) / baseCpu) + " |");
            chart.bar(dto, "service " + c.get("format"), rate);
            p99.bar(dto, "service " + c.get("format"), num(c.get("p99Micros")));
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
        line("![" + heading + " throughput](benchmarks/" + chartPrefix + "-throughput.svg)");
        line("");
        line("![" + heading + " p99](benchmarks/" + chartPrefix + "-p99.svg)");
        line("");
        charts.put(chartPrefix + "-throughput.svg", chart);
        charts.put(chartPrefix + "-p99.svg", p99);
    }

    private static double cpuPerCall(Map<String, Object> c) {
        if (c == null || !c.containsKey("consumerCpuMicrosPerCall")) {
            return Double.NaN;
        }
        return num(c.get("consumerCpuMicrosPerCall")) + num(c.get("providerCpuMicrosPerCall"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> rpcCase(Map<String, Object> rpc, String format, String dto) {
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
        BarChart chart = new BarChart(title, "ops/s, higher is better");
        for (String m : methods) {
            Map<String, Object> one = find(prefix + m, Map.of());
            Map<String, Object> four = find(contended + m, Map.of());
            line("| `" + m + "` | " + cell(one) + " | " + (one == null ? "–" : ratio(primary(one, "score") / base1))
                    + " | " + cell(four) + " | " + (four == null ? "–" : ratio(primary(four, "score") / base4)) + " |");
            if (one != null) {
                chart.bar(m, "1 thread", primary(one, "score"));
            }
            if (four != null) {
                chart.bar(m, "4 threads", primary(four, "score"));
            }
        }
        line("");
        line("![" + chartName + "](benchmarks/" + chartName + ".svg)");
        line("");
        charts.put(chartName + ".svg", chart);
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
