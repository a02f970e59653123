package io.github.hessiantime.bench.report;

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
 * Draws a flame graph (an icicle: callers above callees) as a static SVG from async-profiler's collapsed stacks
 * ({@code frame;frame;frame count} per line), so the report shows profiles as pictures drawn by our own code.
 * Frames are coloured by origin: hessian-time, hessian-lite, the JDK, the benchmark harness.
 *
 * <pre>java -cp benchmarks.jar io.github.hessiantime.bench.report.FlameGraphSvg in.collapsed out.svg "title" [rootFrame]</pre>
 * {@code rootFrame}: the graph starts at the first frame containing this text (default: the benchmark method), so
 * JMH's own frames above it do not take the space.
 */
public final class FlameGraphSvg {
    private static final int WIDTH = 1200;
    private static final int ROW = 17;
    private static final int TOP = 46;
    private static final double CHAR_WIDTH = 6.6;

    private static final class Node {
        final String name;
        long samples;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String name) {
            this.name = name;
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: FlameGraphSvg in.collapsed out.svg title [rootFrame]");
            System.exit(2);
        }
        String rootFrame = args.length > 3 ? args[3] : "Benchmark.roundTrip";
        Node root = parse(Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8), rootFrame);
        Path out = Paths.get(args[1]);
        Files.write(out, render(root, args[2]).getBytes(StandardCharsets.UTF_8));
        System.out.println("wrote " + out + " (" + root.samples + " samples)");
    }

    static Node parse(List<String> lines, String rootFrame) {
        Node root = new Node("all");
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            String countText = space < 0 ? "" : line.substring(space + 1).trim();
            if (!countText.matches("[0-9]+")) {
                continue; // not a "stack count" line
            }
            long count = Long.parseLong(countText);
            List<String> frames = new ArrayList<>(Arrays.asList(line.substring(0, space).split(";")));
            for (int i = 0; i < frames.size(); i++) {
                if (frames.get(i).contains(rootFrame)) {
                    frames = frames.subList(i, frames.size());
                    break;
                }
            }
            root.samples += count;
            Node node = root;
            for (String frame : frames) {
                node = node.children.computeIfAbsent(frame, Node::new);
                node.samples += count;
            }
        }
        return root;
    }

    static String render(Node root, String title) {
        int depth = depth(root);
        int height = TOP + (depth + 1) * ROW + 30;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"11\">%n", WIDTH, height, WIDTH, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>%n", WIDTH, height));
        svg.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"20\" font-size=\"15\" font-family=\"sans-serif\">%s"
                + "</text>%n", escape(title)));
        svg.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"38\" font-family=\"sans-serif\" fill=\"#555555\">"
                + "%d samples; width = share of samples; colours: hessian-time, hessian-lite, JDK, benchmark harness; "
                + "hover a frame for its share</text>%n", root.samples));
        draw(svg, root, 0, 0, WIDTH, root.samples);
        legend(svg, height - 14);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void draw(StringBuilder svg, Node node, int level, double x, double width, long total) {
        double y = TOP + level * ROW;
        double percent = 100.0 * node.samples / total;
        svg.append(String.format(Locale.ROOT, "<g><title>%s (%d samples, %.1f%%)</title>"
                        + "<rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" fill=\"%s\" stroke=\"#ffffff\" "
                        + "stroke-width=\"0.5\"/>", escape(node.name), node.samples, percent, x, y,
                Math.max(width, 0.5), ROW - 1, colour(node.name)));
        int fits = (int) ((width - 6) / CHAR_WIDTH);
        if (fits >= 4) {
            String label = shortName(node.name);
            if (label.length() > fits) {
                label = label.substring(0, Math.max(fits - 2, 1)) + "..";
            }
            svg.append(String.format(Locale.ROOT, "<text x=\"%.2f\" y=\"%.1f\">%s</text>", x + 3, y + ROW - 5,
                    escape(label)));
        }
        svg.append("</g>\n");
        double childX = x;
        for (Node child : node.children.values()) {
            double childWidth = width * child.samples / node.samples;
            if (childWidth >= 0.3) {
                draw(svg, child, level + 1, childX, childWidth, total);
            }
            childX += childWidth;
        }
    }

    private static int depth(Node node) {
        int deepest = 0;
        for (Node child : node.children.values()) {
            deepest = Math.max(deepest, 1 + depth(child));
        }
        return deepest;
    }

    private static void legend(StringBuilder svg, int y) {
        String[][] entries = {{"hessian-time", colour("io/github/hessiantime/codec/X")},
                {"hessian-lite", colour("com/alibaba/com/caucho/X")}, {"JDK", colour("java/X")},
                {"benchmark harness", colour("io/github/hessiantime/bench/X")}};
        int x = 8;
        for (String[] entry : entries) {
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"10\" fill=\"%s\"/>"
                    + "<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\">%s</text>%n", x, y - 9, entry[1], x + 16, y,
                    entry[0]));
            x += 40 + entry[0].length() * 7;
        }
    }

    private static String colour(String frame) {
        if (frame.contains("io/github/hessiantime/bench") || frame.contains("io.github.hessiantime.bench")
                || frame.contains("openjdk/jmh") || frame.equals("all")) {
            return "#c7c7c7";
        }
        if (frame.contains("hessiantime")) {
            return "#59a14f";
        }
        if (frame.contains("caucho")) {
            return "#4e79a7";
        }
        return "#f2b36b";
    }

    /** {@code com/alibaba/com/caucho/hessian/io/Hessian2Input.readString} becomes {@code Hessian2Input.readString}. */
    private static String shortName(String frame) {
        int slash = frame.lastIndexOf('/');
        return slash >= 0 ? frame.substring(slash + 1) : frame;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private FlameGraphSvg() {
    }
}
