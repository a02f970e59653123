package io.github.hessiantime.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A horizontal bar chart as a self-contained SVG: one row per bar, bars of a group share a colour, each bar
 * labelled with its value. Enough for the benchmark report, and readable on GitHub in light and dark mode.
 */
final class SvgBarChart {

    private static final String[] PALETTE = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1"};
    private int labelWidth = 260;
    private double reference = Double.NaN;
    private String referenceLabel;
    private static final int BAR_AREA = 420;
    private static final int VALUE_WIDTH = 110;
    private static final int ROW = 22;

    private final String title;
    private final String unit;
    private final List<String[]> rows = new ArrayList<>();   // label, group, formatted value
    private final List<Double> values = new ArrayList<>();
    private final Map<String, String> colours = new LinkedHashMap<>();

    SvgBarChart(String title, String unit) {
        this.title = title;
        this.unit = unit;
    }

    SvgBarChart bar(String label, String group, double value, String formatted) {
        rows.add(new String[]{label, group, formatted});
        values.add(value);
        colours.computeIfAbsent(group, g -> PALETTE[colours.size() % PALETTE.length]);
        return this;
    }

    /** Room for long row labels, in pixels. */
    SvgBarChart labelWidth(int pixels) {
        this.labelWidth = pixels;
        return this;
    }

    /** A dashed vertical line at {@code value}, e.g. the 1.0× of a ratio chart. */
    SvgBarChart referenceLine(double value, String label) {
        this.reference = value;
        this.referenceLabel = label;
        return this;
    }

    /** A gap between blocks of rows. */
    SvgBarChart gap() {
        rows.add(null);
        values.add(0.0);
        return this;
    }

    String render() {
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        int legendHeight = 22;
        int top = 34 + legendHeight;
        int height = top + rows.size() * ROW + 34;
        int width = labelWidth + BAR_AREA + VALUE_WIDTH;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                        + " font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">%n", width, height, width, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", width, height));
        svg.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\" fill=\"#222\">%s</text>%n",
                escape(title)));
        int legendX = 10;
        for (Map.Entry<String, String> entry : colours.entrySet()) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"32\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"42\" fill=\"#222\">%s</text>%n", legendX, entry.getValue(), legendX + 16,
                    escape(entry.getKey())));
            legendX += 24 + 7 * entry.getKey().length();
        }
        for (int i = 0; i < rows.size(); i++) {
            String[] row = rows.get(i);
            if (row == null) {
                continue;
            }
            int y = top + i * ROW;
            double length = max <= 0 ? 0 : values.get(i) / max * BAR_AREA;
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#222\">%s</text>%n",
                    labelWidth - 8, y + 14, escape(row[0])));
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
                    labelWidth, y + 3, Math.max(length, 0.5), ROW - 6, colours.get(row[1])));
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"#222\">%s</text>%n",
                    labelWidth + length + 6, y + 14, escape(row[2])));
        }
        if (!Double.isNaN(reference) && max > 0) {
            double x = labelWidth + reference / max * BAR_AREA;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\""
                    + " stroke-dasharray=\"4 3\"/>%n", x, top - 4, x, top + rows.size() * ROW));
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>%n",
                    x, top + rows.size() * ROW + 12, escape(referenceLabel)));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#666\">%s</text>%n", labelWidth,
                height - 6, escape(unit)));
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
