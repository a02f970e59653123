package io.github.hessiantime.bench.report;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The report being written: its Markdown lines, the charts it links to, and how its numbers are formatted. */
final class Markdown {

    private final StringBuilder text = new StringBuilder();
    private final Map<String, BarChart> charts = new LinkedHashMap<>();

    void line(String s) {
        text.append(s).append('\n');
    }

    /** A chart written as {@code docs/benchmarks/<file>}, which the report links to. */
    void chart(String file, BarChart chart) {
        charts.put(file, chart);
    }

    void append(String s) {
        text.append(s);
    }

    Map<String, BarChart> charts() {
        return charts;
    }

    String text() {
        return text.toString();
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

    static String ratio(double r) {
        return Double.isNaN(r) ? "–" : String.format(Locale.ROOT, "%.2f×", r);
    }

    /** A target's threshold as written in its description: 1.0×, 0.95×. */
    static String threshold(double t) {
        return new DecimalFormat("0.0#", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(t) + "×";
    }

    static String percent(double r) {
        return Double.isNaN(r) ? "?" : String.format(Locale.ROOT, "%.0f%%", r * 100);
    }

    static String micros(double v) {
        return v >= 1000 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.0f", v);
    }

    static String oneDecimal(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** A paired ratio with its per-iteration range: {@code 0.86× (0.85×–0.87×)}. */
    static String pairedRatio(Results.PairedRatio r) {
        return ratio(r.speed()) + " (" + ratio(r.slowest()) + "–" + ratio(r.fastest()) + ")";
    }
}
