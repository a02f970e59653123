package io.github.hessiantime.bench.report;

import io.github.hessiantime.bench.report.Results.JmhResult;
import io.github.hessiantime.bench.report.Results.PairedRatio;

import java.util.List;
import java.util.Locale;

import static io.github.hessiantime.bench.report.Markdown.ratio;

/**
 * One paired benchmark's table and chart: for each pair, the speed ratio by thread CPU time with its per-iteration
 * range, the same by wall clock, and the approximate CPU time per round trip of each side.
 */
final class PairedSection {

    private PairedSection() {
    }

    /**
     * @param what          what one side round-trips per pass, for the prose
     * @param valuesPerPass round trips per pass over a side's values
     * @param passes        passes per timed batch
     */
    static void write(Markdown md, Results results, String benchmark, String what, int valuesPerPass, int passes,
                      String title, String chartFile) {
        JmhResult any = results.find(benchmark);
        if (any == null) {
            return;
        }
        int forks = forks(any);
        md.line("## " + title);
        md.line("");
        md.line("Each invocation round-trips " + what + " of the candidate " + passes + " times and those of the"
                + " baseline " + passes + " times (the order alternates), each round trip in its own fresh streams, and"
                + " times each batch by the thread's CPU time (and by wall clock). Both sides share every time slice,"
                + " and CPU time leaves out the time the thread waited for a core, so the ratio survives the load of"
                + " other processes. Unlike the separate benchmarks, the two sides also share one JIT profile of"
                + " hessian-lite's code, as they would in one Dubbo process. Speed ratio = baseline time / candidate"
                + " time; the range is the lowest and highest single iteration (" + forks + " fork(s) × "
                + any.measurementIterations() + " iterations). The µs per round trip are approximate (derived from"
                + " JMH's invocation count) and include the fresh streams' allocation.");
        md.line("");
        md.line("| candidate | baseline | candidate speed vs baseline (CPU time) | per-iteration range | same by wall clock | candidate CPU µs/round trip | baseline CPU µs/round trip |");
        md.line("|---|---|---|---|---|---|---|");
        BarChart chart = new BarChart(title.replaceAll(" \\(.*", "") + ": candidate speed relative to its baseline",
                "× baseline speed (higher is better)").referenceLine(1.0).decimalPattern("0.00");
        for (JmhResult r : results.all(benchmark)) {
            String[] sides = r.params().get("pair").split("/");
            PairedRatio cpu = PairedRatio.of(r, "Cpu");
            PairedRatio wall = PairedRatio.of(r, "Wall");
            // Invocations: the primary score is invocations per second, over (forks x iterations) iterations.
            double invocations = r.score() * r.measurementSeconds() * forks(r) * r.measurementIterations();
            double roundTrips = invocations * valuesPerPass * passes;
            md.line("| " + Titles.side(sides[0]) + " | " + Titles.side(sides[1]) + " | " + ratio(cpu.speed()) + " | "
                    + ratio(cpu.slowest()) + "–" + ratio(cpu.fastest()) + " | " + ratio(wall.speed()) + " | "
                    + String.format(Locale.ROOT, "%.2f", cpu.candidateNanos() / roundTrips / 1000) + " | "
                    + String.format(Locale.ROOT, "%.2f", cpu.baselineNanos() / roundTrips / 1000) + " |");
            chart.bar(Titles.sideShort(sides[0]) + " vs " + Titles.sideShort(sides[1]), "speed ratio", cpu.speed());
        }
        md.line("");
        md.line("![" + title + "](benchmarks/" + chartFile + ")");
        md.line("");
        md.chart(chartFile, chart);
    }

    /** The forks that actually ran: the per-fork lists of the candidate's CPU nanos. */
    private static int forks(JmhResult r) {
        List<List<Double>> perFork = r.secondaryMetrics().get("candidateCpuNanos").rawData();
        return perFork.size();
    }
}
