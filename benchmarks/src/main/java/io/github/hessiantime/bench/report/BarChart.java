package io.github.hessiantime.bench.report;

import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.Styler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A grouped bar chart of the report, drawn by XChart and written as SVG by its vector-graphics encoder. Bars are
 * added as (category, series, value); a category without a value for some series leaves that bar out.
 */
final class BarChart {

    private final String title;
    private final String yAxisTitle;
    private final Set<String> categories = new LinkedHashSet<>();
    private final Map<String, Map<String, Double>> series = new LinkedHashMap<>();
    private Double referenceLine;
    private String decimalPattern = "#,##0";

    BarChart(String title, String yAxisTitle) {
        this.title = title;
        this.yAxisTitle = yAxisTitle;
    }

    /** A horizontal line at {@code y}, such as 1.0 on a chart of ratios. */
    BarChart referenceLine(double y) {
        this.referenceLine = y;
        return this;
    }

    /** The format of the value printed on each bar and on the y axis, for example {@code "0.00"}. */
    BarChart decimalPattern(String pattern) {
        this.decimalPattern = pattern;
        return this;
    }

    void bar(String category, String seriesName, double value) {
        categories.add(category);
        series.computeIfAbsent(seriesName, k -> new LinkedHashMap<>()).put(category, value);
    }

    boolean isEmpty() {
        return series.isEmpty();
    }

    byte[] svg() throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(800, 150 * categories.size())).height(480)
                .title(title).yAxisTitle(yAxisTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsRotation(90);
        chart.getStyler().setDecimalPattern(decimalPattern);
        chart.getStyler().setXAxisLabelRotation(categories.size() > 4 ? 20 : 0);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        List<String> xs = new ArrayList<>(categories);
        for (Map.Entry<String, Map<String, Double>> s : series.entrySet()) {
            List<Double> ys = new ArrayList<>();
            for (String x : xs) {
                ys.add(s.getValue().get(x)); // null: no bar for this category
            }
            chart.addSeries(s.getKey(), xs, ys);
        }
        if (referenceLine != null) {
            chart.addAnnotation(new AnnotationLine(referenceLine, false, false));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return out.toByteArray();
    }
}
