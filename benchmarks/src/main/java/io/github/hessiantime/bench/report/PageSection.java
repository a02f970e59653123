package io.github.hessiantime.bench.report;

import io.github.hessiantime.bench.Fixtures;
import io.github.hessiantime.bench.report.Results.JmhResult;
import io.github.hessiantime.bench.report.Results.PairedRatio;
import io.github.hessiantime.bench.serialization.PairedPageRoundTripBenchmark;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.Locale;
import java.util.Map;

import static io.github.hessiantime.bench.report.Markdown.percent;
import static io.github.hessiantime.bench.report.Markdown.ratio;

/** The page case (what users feel): its targets, the page round trips, the paired pages, Dubbo's pages, RPC pages. */
final class PageSection {

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

    private PageSection() {
    }

    static void write(Markdown md, Results results) {
        if (results.find(Results.PAGE) == null && results.find(Results.PAIRED_PAGE) == null && results.rpcPage == null) {
            return;
        }
        md.line("## Pages: " + Fixtures.PAGE_ROWS + " rows × " + Fixtures.PAGE_FIELDS + " time fields");
        md.line("");
        md.line("What a typical response carries: one `Page` of " + Fixtures.PAGE_ROWS + " rows, each row with "
                + Fixtures.PAGE_FIELDS + " fields of one type (`Date`, `Instant` or `LocalDateTime`; ns, µs and ms"
                + " precision mixed, Date at ms), written into a fresh `Hessian2Output` and read back from a fresh"
                + " `Hessian2Input` as in one Dubbo message. The class definitions are paid once per page; the other"
                + " values of the page show the per-value cost." + (results.run.containsKey("page-run")
                ? " The page results were measured by `benchmarks/run.sh page` on " + results.run.get("page-run") + ". "
                + ReportWriter.loadSentence(results, "page-load", "the page run") : "")
                + (results.run.containsKey("page-rpc-run") ? " Its RPC part (the pages over `dubbo` and Triple) ran"
                + " after the JMH part, on " + results.run.get("page-rpc-run") + ". "
                + ReportWriter.loadSentence(results, "page-rpc-load", "the RPC part") : ""));
        md.line("");
        md.line("| page target | paired: candidate speed vs baseline (per-iteration range) | met |");
        md.line("|---|---|---|");
        Targets.table(md, results, Targets.pages(results), false);
        md.line("");
        pageRoundTrips(md, results);
        PairedSection.write(md, results, Results.PAIRED_PAGE, "one page", 1, PairedPageRoundTripBenchmark.PASSES,
                "Paired page round trips (`PairedPageRoundTripBenchmark`)", "paired-page-round-trip.svg");
        dubboPages(md, results);
        pagesBySize(md, results);
        md.line("### hessian2-time or fastjson2?");
        md.line("");
        md.line(HESSIAN2_TIME_OR_FASTJSON2);
        md.line("");
        RpcSection.write(md, results.rpcPage, "RPC with pages", "datePage", "rpc-page",
                List.of("datePage", "instantPage", "localDateTimePage"));
        RpcSection.write(md, results.rpcPage, "RPC with pages over Triple", "datePage", "rpc-page-triple",
                List.of("datePage", "instantPage", "localDateTimePage"), RpcSection.TRIPLE);
    }

    /** ns per page round trip from the separate (unpaired) benchmark, with the extra cost per value over Dates. */
    private static void pageRoundTrips(Markdown md, Results results) {
        JmhResult dateStock = results.find(Results.PAGE, Map.of("page", "date", "serializer", "hessianLite"));
        if (dateStock == null) {
            return;
        }
        int values = Fixtures.PAGE_ROWS * Fixtures.PAGE_FIELDS;
        double dateNs = dateStock.score();
        md.line("### Page round trip (`PageRoundTripBenchmark`, ns per page, lower is better)");
        md.line("");
        md.line("Separate benchmarks, so on a shared machine their ratios carry the load differences between them; the"
                + " targets above use the paired measurement. *Extra ns per value* is (page − Date page) / " + values
                + ".");
        md.line("");
        md.line("| page | serializer | bytes per page | ns per page | speed vs Date page, stock | extra ns per value |");
        md.line("|---|---|---|---|---|---|");
        BarChart chart = new BarChart("Page round trip, " + Fixtures.PAGE_ROWS + " rows × " + Fixtures.PAGE_FIELDS
                + " fields, fresh streams (ns per page)", "ns per page, lower is better");
        for (String page : List.of("date", "instant", "localDateTime")) {
            for (String serializer : List.of("hessianLite", "hessianTimeCompact", "hessianTimeCompactUnreferenced",
                    "hessian2TimeStream", "hessianTimeCompatible")) {
                JmhResult r = results.find(Results.PAGE, Map.of("page", page, "serializer", serializer));
                if (r == null) {
                    continue;
                }
                double ns = r.score();
                double bytes = results.pageBytes(page, serializer);
                md.line("| " + Titles.value(page + "Page") + " | " + Titles.serializer(serializer) + " | "
                        + (Double.isNaN(bytes) ? "–" : String.format(Locale.ROOT, "%,d", (int) bytes)) + " | "
                        + String.format(Locale.ROOT, "%,.0f ± %s", ns, percent(r.relativeError())) + " | "
                        + ratio(dateNs / ns) + " | " + String.format(Locale.ROOT, "%+.0f", (ns - dateNs) / values) + " |");
                chart.bar(Titles.value(page + "Page"), Titles.serializer(serializer), ns);
            }
        }
        md.line("");
        md.line("![page round trip](benchmarks/page-round-trip.svg)");
        md.line("");
        md.chart("page-round-trip.svg", chart);
    }

    /**
     * The Dubbo page benchmark at several rows per page ({@code run.sh sizes}): one row per page size, one column per
     * candidate, each paired against the Date page over {@code hessian2} of the same size.
     */
    private static void pagesBySize(Markdown md, Results results) {
        if (results.pagesBySize.isEmpty()) {
            return;
        }
        Map<String, Map<Integer, PairedRatio>> byCandidate = new LinkedHashMap<>();
        SortedSet<Integer> sizes = new TreeSet<>();
        for (JmhResult r : results.pagesBySize) {
            int rows = Integer.parseInt(r.params().get("rows"));
            sizes.add(rows);
            byCandidate.computeIfAbsent(r.params().get("pair").split("/")[0], c -> new LinkedHashMap<>())
                    .put(rows, PairedRatio.of(r, "Cpu"));
        }
        md.line("### Per message: pages of " + sizes.stream().map(n -> String.format(Locale.ROOT, "%,d", n))
                .collect(Collectors.joining(", ")) + " rows (`DubboPageRoundTripBenchmark`, `rows`)");
        md.line("");
        md.line("The pages above with other numbers of rows (one row: a single DTO, what most calls carry), each"
                + " paired with the Date page of as many rows over `hessian2` (thread CPU time), measured by"
                + " `benchmarks/run.sh sizes`" + (results.run.containsKey("sizes-run") ? " on "
                + results.run.get("sizes-run") + ". " + ReportWriter.loadSentence(results, "sizes-load", "that run")
                : ".") + " What a message costs beside its values shows as the gap at one row.");
        md.line("");
        StringBuilder header = new StringBuilder("| rows per page |");
        StringBuilder rule = new StringBuilder("|---|");
        for (String candidate : byCandidate.keySet()) {
            String[] sides = candidate.split(":");
            header.append(' ').append(Titles.value(sides[0] + "Page")).append(" `").append(sides[1]).append("` |");
            rule.append("---|");
        }
        md.line(header.toString());
        md.line(rule.toString());
        for (int rows : sizes) {
            StringBuilder line = new StringBuilder("| " + String.format(Locale.ROOT, "%,d", rows) + " |");
            for (Map<Integer, PairedRatio> ratios : byCandidate.values()) {
                PairedRatio ratio = ratios.get(rows);
                line.append(' ').append(ratio == null ? "–" : Markdown.pairedRatio(ratio)).append(" |");
            }
            md.line(line.toString());
        }
        md.line("");
    }

    /**
     * The pages through Dubbo's own Serialization extensions ({@code DubboPageRoundTripBenchmark}), each paired
     * against the Date page over {@code hessian2}, with bytes per page.
     */
    private static void dubboPages(Markdown md, Results results) {
        if (results.find(Results.DUBBO_PAGE) == null) {
            return;
        }
        md.line("### Pages through Dubbo's serializations (`DubboPageRoundTripBenchmark`)");
        md.line("");
        md.line("The same pages written and read through Dubbo's own `Serialization` extensions, as Dubbo does for a"
                + " message body: `serialize(url, out)`, `writeObject`, `flushBuffer`; `deserialize(url, in)`,"
                + " `readObject(Page.class)`. Each case is paired with the Date page over `hessian2` (same time"
                + " slices, thread CPU time, as above). *Instant (ms)* holds the Instant page's values at millisecond"
                + " precision; *Instant (µs)* gives each value 1-999 µs beyond its millisecond, as `Instant.now()`"
                + " does on JDK 15+. Bytes: one page as one message body (`WireSizes`, same run). The Date page"
                + " against itself shows how far apart two equal sides measure.");
        md.line("");
        md.line("| page | serialization | CPU speed vs Date page over `hessian2` (per-iteration range) | bytes per page"
                + " | bytes vs Date page over `hessian2` |");
        md.line("|---|---|---|---|---|");
        double dateBytes = results.dubboPageBytes("date", "hessian2");
        BarChart chart = new BarChart("Pages through Dubbo's serializations: speed relative to the Date page over"
                + " hessian2", "× Date page speed (higher is better)").referenceLine(1.0).decimalPattern("0.00");
        for (JmhResult r : results.all(Results.DUBBO_PAGE)) {
            String[] candidate = r.params().get("pair").split("/")[0].split(":");
            PairedRatio speed = PairedRatio.of(r, "Cpu");
            double bytes = results.dubboPageBytes(candidate[0], candidate[1]);
            String page = Titles.value(candidate[0] + "Page");
            md.line("| " + page + " | `" + candidate[1] + "` | " + Markdown.pairedRatio(speed) + " | "
                    + (Double.isNaN(bytes) ? "–" : String.format(Locale.ROOT, "%,.0f", bytes)) + " | "
                    + ratio(bytes / dateBytes) + " |");
            chart.bar(page, candidate[1], speed.speed());
        }
        md.line("");
        md.line("![Pages through Dubbo's serializations](benchmarks/dubbo-page-round-trip.svg)");
        md.line("");
        md.chart("dubbo-page-round-trip.svg", chart);
    }
}
