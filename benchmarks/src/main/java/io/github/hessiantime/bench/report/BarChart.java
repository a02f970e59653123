package io.github.hessiantime.bench.report;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;
import org.apache.batik.dom.GenericDOMImplementation;
import org.apache.batik.svggen.SVGGraphics2D;
import org.apache.batik.svggen.SVGGraphics2DIOException;
import org.w3c.dom.Document;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Dimension;
import java.awt.Rectangle;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * A grouped horizontal bar chart of the report, drawn by JFreeChart and written as SVG by Apache Batik's SVG
 * generator (text stays text, so the files stay small). Bars are added as (category, series, value); each bar is labelled with its value.
 */
final class BarChart {

    private static final int WIDTH = 900;
    private static final String SVG_NAMESPACE = "http://www.w3.org/2000/svg";

    private final String title;
    private final String valueAxisTitle;
    private final DefaultCategoryDataset data = new DefaultCategoryDataset();
    private final Set<String> categories = new LinkedHashSet<>();
    private Double referenceLine;
    private String decimalPattern = "#,##0";

    BarChart(String title, String valueAxisTitle) {
        this.title = title;
        this.valueAxisTitle = valueAxisTitle;
    }

    /** A line across the bars at {@code value}, such as 1.0 on a chart of ratios. */
    BarChart referenceLine(double value) {
        this.referenceLine = value;
        return this;
    }

    /** The format of the value printed beside each bar, for example {@code "0.00"}. */
    BarChart decimalPattern(String pattern) {
        this.decimalPattern = pattern;
        return this;
    }

    void bar(String category, String series, double value) {
        categories.add(category);
        data.addValue(value, series, category);
    }

    byte[] svg() {
        JFreeChart chart = ChartFactory.createBarChart(title, null, valueAxisTitle, data, PlotOrientation.HORIZONTAL,
                data.getRowCount() > 1, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.02);
        renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}",
                new DecimalFormat(decimalPattern, DecimalFormatSymbols.getInstance(Locale.ROOT))));
        renderer.setDefaultItemLabelsVisible(true);
        // Room for the value labels beyond the longest bar, and for long category names.
        plot.getRangeAxis().setUpperMargin(0.15);
        plot.getDomainAxis().setMaximumCategoryLabelWidthRatio(0.4f);
        plot.getDomainAxis().setMaximumCategoryLabelLines(2);
        if (referenceLine != null) {
            plot.addRangeMarker(new ValueMarker(referenceLine, Color.DARK_GRAY, new BasicStroke(1.5f)));
            // Keep the reference line on the chart even when every bar is far below it.
            if (plot.getRangeAxis().getUpperBound() < referenceLine * 1.1) {
                plot.getRangeAxis().setRange(0, referenceLine * 1.15);
            }
        }
        int height = 120 + categories.size() * Math.max(28, 14 * data.getRowCount());
        Document document = GenericDOMImplementation.getDOMImplementation()
                .createDocument(SVG_NAMESPACE, "svg", null);
        SVGGraphics2D svg = new SVGGraphics2D(document);
        svg.setSVGCanvasSize(new Dimension(WIDTH, height));
        chart.draw(svg, new Rectangle(0, 0, WIDTH, height));
        StringWriter out = new StringWriter();
        try {
            svg.stream(out, true);
        } catch (SVGGraphics2DIOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }
}
