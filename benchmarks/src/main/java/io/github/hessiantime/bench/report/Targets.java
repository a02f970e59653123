package io.github.hessiantime.bench.report;

import io.github.hessiantime.bench.report.Results.PairedRatio;
import io.github.hessiantime.bench.report.Results.RpcCase;
import io.github.hessiantime.bench.report.Results.RpcRun;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import static io.github.hessiantime.bench.report.Markdown.ratio;

/**
 * The targets the report judges, as data: what is measured, how it compares and its threshold, each threshold
 * written once (the description shows it where its label says {@value #THRESHOLD}). {@link #table} judges them all.
 */
final class Targets {

    /** Where a target's label shows its comparison and threshold, e.g. "≥ 1.0×". */
    static final String THRESHOLD = "{threshold}";

    enum Comparison {
        AT_LEAST("≥"), AT_MOST("≤"),
        /** A supporting row shown beside the targets, judged against nothing. */
        NONE("");

        final String symbol;

        Comparison(String symbol) {
            this.symbol = symbol;
        }

        boolean holds(double measured, double threshold) {
            return switch (this) {
                case AT_LEAST -> measured >= threshold;
                case AT_MOST -> measured <= threshold;
                case NONE -> throw new IllegalStateException("a supporting row is not judged");
            };
        }
    }

    /**
     * A measured ratio and its table cell; {@code separate} is the ratio of the separate benchmarks, where the table
     * has that column (null: not applicable).
     */
    record Measurement(double value, String cell, String separate) {
        Measurement(double value, String cell) {
            this(value, cell, null);
        }
    }

    /** A target; its measure returns null when the run did not measure it, and the row is left out. */
    record Target(String label, Comparison comparison, double threshold, Function<Results, Measurement> measure) {

        String description() {
            return label.replace(THRESHOLD, comparison.symbol + " " + Markdown.threshold(threshold));
        }

        String verdict(Measurement m) {
            if (comparison == Comparison.NONE) {
                return "–";
            }
            return comparison.holds(m.value(), threshold) ? "yes" : "**no**";
        }
    }

    /** An RPC figure compared between two cases, with how each side is written in the cell. */
    enum RpcMetric {
        CALLS_PER_SECOND(RpcCase::callsPerSecond, Markdown::ops, " calls/s, interleaved rounds"),
        CPU_PER_CALL(RpcCase::cpuPerCall, Markdown::oneDecimal, " µs"),
        P99(RpcCase::p99Micros, Markdown::micros, " µs");

        final ToDoubleFunction<RpcCase> value;
        final DoubleFunction<String> format;
        final String unit;

        RpcMetric(ToDoubleFunction<RpcCase> value, DoubleFunction<String> format, String unit) {
            this.value = value;
            this.format = format;
            this.unit = unit;
        }
    }

    /** The service group prefix of the RPC cases over Triple. */
    private static final String TRIPLE = RpcSection.TRIPLE;

    private Targets() {
    }

    /** The single-value targets: paired round trips, and the DTO over Dubbo. */
    static List<Target> singleValues(Results results) {
        String rpcNote = negotiatedNote(results.rpc);
        return List.of(
                new Target("Instant round trip, hessian-time compact " + THRESHOLD + " Date round trip",
                        Comparison.AT_LEAST, 1.0, paired("instant", "hessianTimeCompact", "date", "hessianLite")),
                new Target("LocalDateTime round trip, hessian-time compact " + THRESHOLD + " Date round trip",
                        Comparison.AT_LEAST, 1.0, paired("localDateTime", "hessianTimeCompact", "date", "hessianLite")),
                new Target("LocalDateTime round trip, hessian-time compact " + THRESHOLD + " stock hessian-lite "
                        + results.hessianLiteVersion(), Comparison.AT_LEAST, 1.5,
                        paired("localDateTime", "hessianTimeCompact", "localDateTime", "hessianLite")),
                new Target("RPC throughput, java.time DTO over `hessian2-time` " + THRESHOLD + " Date DTO over `hessian2`"
                        + rpcNote, Comparison.AT_LEAST, 0.95,
                        rpc(r -> r.rpc, RpcMetric.CALLS_PER_SECOND, "timeDto", "dateDto")),
                new Target("(supporting, not a target) RPC CPU per call, java.time DTO over `hessian2-time` vs Date DTO"
                        + " over `hessian2`, both JVMs", Comparison.NONE, Double.NaN,
                        rpc(r -> r.rpc, RpcMetric.CPU_PER_CALL, "timeDto", "dateDto")),
                new Target("RPC p99, java.time DTO over `hessian2-time` " + THRESHOLD + " Date DTO over `hessian2`"
                        + rpcNote, Comparison.AT_MOST, 1.05, rpc(r -> r.rpc, RpcMetric.P99, "timeDto", "dateDto")));
    }

    /**
     * A page type of issue 15's page targets: speed against the Date page at least {@code minSpeed}; {@code value} names
     * it in the paired page benchmark and {@code dubboValue} in {@code DubboPageRoundTripBenchmark} and {@code WireSizes}.
     */
    private record PageType(String title, String value, String dubboValue, double minSpeed) {
    }

    private static final PageType INSTANT_PAGE = new PageType("Instant page", "instant", "instant", 1.0);
    private static final PageType LOCAL_DATE_TIME_PAGE =
            new PageType("LocalDateTime page", "localDateTime", "localDateTime", 0.9);
    /** The Instant page through Dubbo at ms and at µs precision, each with the Instant page's target. */
    private static final PageType INSTANT_MILLIS_PAGE =
            new PageType("Instant page (ms)", "instant", "instantMillis", INSTANT_PAGE.minSpeed());
    private static final PageType INSTANT_MICROS_PAGE =
            new PageType("Instant page (µs)", "instant", "instantMicros", INSTANT_PAGE.minSpeed());
    private static final List<PageType> DUBBO_PAGES = List.of(INSTANT_MILLIS_PAGE, INSTANT_MICROS_PAGE, LOCAL_DATE_TIME_PAGE);

    /** hessian-time's framings in the paired page benchmark (serializer param, label). */
    private static final List<List<String>> PAGE_FRAMINGS = List.of(
            List.of("hessianTimeCompact", "hessian-time compact"),
            List.of("hessianTimeCompactUnreferenced", "hessian-time compact unreferenced (the hessian2-time framing)"),
            List.of("hessian2TimeStream", "as Dubbo's hessian2-time writes it"));

    /** issue 24: a page of records over hessian2-time at least this fast as the same page of classes. */
    private static final double MIN_RECORDS_PAGE_SPEED = 0.95;

    /** A page over hessian2-time carries at most this many times the bytes of the Date page over hessian2. */
    private static final double MAX_PAGE_BYTES = 1.05;
    /** issue 15: over RPC, a java.time page at least as fast as the Date page, at no more CPU per call. */
    private static final double MIN_RPC_PAGE_CALLS = 1.0;
    private static final double MAX_RPC_PAGE_CPU = 1.0;

    /** The page targets (issue 15: what users feel): paired pages, pages through Dubbo, bytes, and RPC pages. */
    static List<Target> pages(Results results) {
        String dateOverHessian2 = " Date page over `hessian2`";
        List<Target> targets = new ArrayList<>();
        for (List<String> framing : PAGE_FRAMINGS) {
            for (PageType type : List.of(INSTANT_PAGE, LOCAL_DATE_TIME_PAGE)) {
                targets.add(new Target(type.title() + ", " + framing.get(1) + " " + THRESHOLD
                        + " Date page, stock hessian-lite", Comparison.AT_LEAST, type.minSpeed(),
                        pairedPage(type.value() + ":" + framing.get(0))));
            }
        }
        for (PageType type : DUBBO_PAGES) {
            targets.add(new Target(type.title() + " over Dubbo's `hessian2-time` " + THRESHOLD + dateOverHessian2,
                    Comparison.AT_LEAST, type.minSpeed(), dubboPage(type.dubboValue(), "hessian2-time")));
        }
        for (PageType type : List.of(INSTANT_MILLIS_PAGE, LOCAL_DATE_TIME_PAGE)) {
            targets.add(new Target(type.title() + " of records over Dubbo's `hessian2-time` " + THRESHOLD
                    + " the same page of classes (both vs" + dateOverHessian2 + ")", Comparison.AT_LEAST,
                    MIN_RECORDS_PAGE_SPEED, recordsAgainstClasses(type.dubboValue())));
        }
        for (PageType type : List.of(INSTANT_MILLIS_PAGE, LOCAL_DATE_TIME_PAGE)) {
            // "At least as fast": the speed over hessian2-time divided by the speed over fastjson2 is ≥ 1.
            targets.add(new Target("(goal) " + type.title() + " over Dubbo's `hessian2-time` at least as fast as over"
                    + " `fastjson2`, both vs" + dateOverHessian2, Comparison.AT_LEAST, 1.0,
                    fasterThanFastjson2(type.dubboValue())));
        }
        for (PageType type : DUBBO_PAGES) {
            targets.add(new Target("Bytes, " + type.title() + " over Dubbo's `hessian2-time` " + THRESHOLD
                    + dateOverHessian2, Comparison.AT_MOST, MAX_PAGE_BYTES, dubboPageBytes(type.dubboValue())));
        }
        for (PageType type : List.of(INSTANT_PAGE, LOCAL_DATE_TIME_PAGE)) {
            String dto = type.value() + "Page";
            targets.add(new Target("RPC calls/s, " + type.title() + " over `hessian2-time` " + THRESHOLD
                    + dateOverHessian2 + negotiatedNote(results.rpcPage), Comparison.AT_LEAST, MIN_RPC_PAGE_CALLS,
                    rpc(r -> r.rpcPage, RpcMetric.CALLS_PER_SECOND, dto, "datePage")));
            targets.add(new Target("RPC CPU per call (both JVMs), " + type.title() + " over `hessian2-time` " + THRESHOLD
                    + dateOverHessian2, Comparison.AT_MOST, MAX_RPC_PAGE_CPU,
                    rpc(r -> r.rpcPage, RpcMetric.CPU_PER_CALL, dto, "datePage")));
        }
        // issue 23: the same pages over Triple, against the Date page over Triple with stock hessian2
        String dateOverTriple = " Date page over Triple, stock `hessian2`";
        for (PageType type : List.of(INSTANT_PAGE, LOCAL_DATE_TIME_PAGE)) {
            String dto = type.value() + "Page";
            targets.add(new Target("RPC over Triple, calls/s, " + type.title() + " over `hessian2-time` " + THRESHOLD
                    + dateOverTriple + negotiatedNote(results.rpcPage), Comparison.AT_LEAST, type.minSpeed(),
                    rpc(r -> r.rpcPage, RpcMetric.CALLS_PER_SECOND, TRIPLE + "hessian2-time", dto, TRIPLE + "hessian2",
                            "datePage")));
        }
        targets.add(new Target("RPC over Triple, CPU per call (both JVMs), Instant page over `hessian2-time` " + THRESHOLD
                + dateOverTriple, Comparison.AT_MOST, MAX_RPC_PAGE_CPU, rpc(r -> r.rpcPage, RpcMetric.CPU_PER_CALL,
                TRIPLE + "hessian2-time", "instantPage", TRIPLE + "hessian2", "datePage")));
        return targets;
    }

    /**
     * One row per measured target: description, the measurement's cell (and the separate benchmarks' ratio when
     * {@code withSeparate}), and whether it is met.
     */
    static void table(Markdown md, Results results, List<Target> targets, boolean withSeparate) {
        for (Target target : targets) {
            Measurement m = target.measure().apply(results);
            if (m == null) {
                continue;
            }
            String separate = withSeparate ? " | " + (m.separate() == null ? "–" : m.separate()) : "";
            md.line("| " + target.description() + " | " + m.cell() + separate + " | " + target.verdict(m) + " |");
        }
    }

    /**
     * The paired single-value round trip (always a row: "–" and not met when it did not run), with the ratio of the
     * separate benchmarks beside it.
     */
    private static Function<Results, Measurement> paired(String value, String serializer, String baseValue,
                                                         String baseSerializer) {
        String pair = value + ":" + serializer + "/" + baseValue + ":" + baseSerializer;
        return results -> {
            PairedRatio r = results.paired(Results.PAIRED, pair);
            double separate = results.score(Results.SERIALIZATION + "roundTrip", value, serializer)
                    / results.score(Results.SERIALIZATION + "roundTrip", baseValue, baseSerializer);
            return r == null
                    ? new Measurement(Double.NaN, "–", ratio(separate))
                    : new Measurement(r.speed(), Markdown.pairedRatio(r), ratio(separate));
        };
    }

    /** A page paired against the Date page with stock hessian-lite. */
    private static Function<Results, Measurement> pairedPage(String candidate) {
        return pairedRow(Results.PAIRED_PAGE, candidate + "/date:hessianLite");
    }

    /** A page through Dubbo's serialization {@code name}, paired against the Date page over hessian2. */
    private static Function<Results, Measurement> dubboPage(String page, String name) {
        return pairedRow(Results.DUBBO_PAGE, page + ":" + name + "/date:hessian2");
    }

    private static Function<Results, Measurement> pairedRow(String benchmark, String pair) {
        return results -> {
            PairedRatio r = results.paired(benchmark, pair);
            return r == null ? null : new Measurement(r.speed(), Markdown.pairedRatio(r));
        };
    }

    /** A records page's speed over its page of classes' speed, each against the Date page over hessian2. */
    private static Function<Results, Measurement> recordsAgainstClasses(String page) {
        return speedOver(page + "Records:hessian2-time", page + ":hessian2-time");
    }

    private static Function<Results, Measurement> fasterThanFastjson2(String page) {
        return speedOver(page + ":hessian2-time", page + ":fastjson2");
    }

    /** The speed of one page side over another's, both paired against the Date page over hessian2 in one run. */
    private static Function<Results, Measurement> speedOver(String side, String otherSide) {
        return results -> {
            PairedRatio ours = results.paired(Results.DUBBO_PAGE, side + "/date:hessian2");
            PairedRatio other = results.paired(Results.DUBBO_PAGE, otherSide + "/date:hessian2");
            if (ours == null || other == null) {
                return null;
            }
            return new Measurement(ours.speed() / other.speed(), ratio(ours.speed()) + " vs " + ratio(other.speed()));
        };
    }

    /** Bytes of the page over hessian2-time relative to the Date page over hessian2, both as one message body. */
    private static Function<Results, Measurement> dubboPageBytes(String page) {
        return results -> {
            double bytes = results.dubboPageBytes(page, "hessian2-time") / results.dubboPageBytes("date", "hessian2");
            return Double.isNaN(bytes) ? null : new Measurement(bytes, ratio(bytes));
        };
    }

    /**
     * A DTO over {@code hessian2-time} against the base DTO over {@code hessian2}, in the RPC run {@code run} picks;
     * left out when a case is missing, or for CPU per call when the run did not measure CPU.
     */
    private static Function<Results, Measurement> rpc(Function<Results, RpcRun> run, RpcMetric metric, String dto,
                                                      String baseDto) {
        return rpc(run, metric, "hessian2-time", dto, "hessian2", baseDto);
    }

    /** A DTO over the service {@code format} against the base DTO over the service {@code baseFormat}. */
    private static Function<Results, Measurement> rpc(Function<Results, RpcRun> run, RpcMetric metric, String format,
                                                      String dto, String baseFormat, String baseDto) {
        return results -> {
            RpcRun rpc = run.apply(results);
            RpcCase candidate = rpc == null ? null : rpc.find(format, dto);
            RpcCase base = rpc == null ? null : rpc.find(baseFormat, baseDto);
            if (candidate == null || base == null) {
                return null;
            }
            double c = metric.value.applyAsDouble(candidate), b = metric.value.applyAsDouble(base);
            if (Double.isNaN(c)) {
                return null;
            }
            String cell = ratio(c / b) + " (" + metric.format.apply(c) + " vs " + metric.format.apply(b) + metric.unit + ")";
            return new Measurement(c / b, cell);
        };
    }

    static String negotiatedNote(RpcRun rpc) {
        if (rpc == null || rpc.consumerHasHessian2Time()) {
            return "";
        }
        return " **(hessian2-time was not on the class path in this run: the negotiated service fell back to hessian2,"
                + " see below)**";
    }
}
