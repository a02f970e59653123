package io.github.hessiantime.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.hessiantime.bench.Fixtures;
import io.github.hessiantime.bench.serialization.PairedPageRoundTripBenchmark;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Where the per-value difference of a paired benchmark goes. async-profiler's collapsed stacks of a
 * {@code PairedPageRoundTripBenchmark} or {@code DubboPageRoundTripBenchmark} run
 * ({@code -prof async:output=collapsed}) show which side each sample belongs
 * to ({@code PairedRoundTrips.timeCandidate} or {@code timeBaseline}); every sample of a side is assigned to the first
 * {@link #CATEGORIES category} one of whose frames it contains. Each side's shares are scaled by that side's thread
 * CPU time per round trip, measured by the same run (its {@code candidateCpuNanos} / {@code baselineCpuNanos}), so
 * the split is load-independent like the paired ratio itself. It prints, per category, ns per round trip of both
 * sides and their difference per value.
 *
 * <p>{@code benchmarks/run.sh profile} runs it on what it profiled. Usage: {@code ProfileBreakdown --jmh result.json
 * --profiles dir [--values-per-round-trip 100]
 * [--round-trips-per-op 8] [--out file]}.
 */
public final class ProfileBreakdown {

    /** Category name, then the frames (class.method suffixes) that put a sample in it; the first match wins. */
    private static final List<String[]> CATEGORIES = List.of(
            new String[]{"write: reference slot (Hessian2Output.addRef)", "Hessian2Output.addRef"},
            new String[]{"write: serializer lookup (SerializerFactory)", "SerializerFactory.getObjectSerializer",
                    "SerializerFactory.getSerializer", "AbstractHessianOutput.findSerializerFactory"},
            new String[]{"write: class-definition reference (writeObjectBegin, field name)",
                    "Hessian2Output.writeObjectBegin", "Hessian2Output.writeClassFieldLength"},
            new String[]{"write: payload framing (Hessian2Output.writeBytes)", "Hessian2Output.writeBytes"},
            new String[]{"write: payload encoding (hessian-time serializer)", "CompactSerializer.writeObject"},
            new String[]{"write: inline field values (InlineValue.write)", "InlineValue.write"},
            new String[]{"write: inline bean (sentinel, field access)", "InlineBeanSerializer.writeObject"},
            new String[]{"write: Date value (writeUTCDate)", "Hessian2Output.writeUTCDate"},
            new String[]{"write: stream setup and flush (Hessian2Output.<init>, flush)", "Hessian2Output.<init>",
                    "Hessian2Output.flush", "Hessian2Output.close", "ByteArrayOutputStream.<init>"},
            new String[]{"write: rest (page, list, rows, field serializers)", "HessianCodec.write",
                    "DubboSerializationCodec.write"},
            new String[]{"read: reference slot (Hessian2Input.addRef)", "Hessian2Input.addRef"},
            new String[]{"read: field-name check (isCompactDefinition)", "TimeDeserializer.isCompactDefinition",
                    "TimeDeserializer.fieldNames"},
            // hessian-lite's definition reader, or hessian-time's recognition of a definition and its making one
            // itself (FastStringHessian2Input, hessian-lite 4.0.x)
            new String[]{"read: class definitions (readObjectDefinition, or recognised and made)",
                    "Hessian2Input.readObjectDefinition", "FastStringHessian2Input.startDefinition",
                    "FastStringHessian2Input.defineKept"},
            new String[]{"read: payload decoding (hessian-time deserializer)", "TimeDeserializer.readObject"},
            new String[]{"read: inline field values (InlineValue.read)", "InlineValue.read"},
            new String[]{"read: inline bean (sentinel, hessian-lite's bean reader, field set)",
                    "InlineBeanDeserializer.readObject"},
            // hessian2-time's bean reader reads a Date field through readObject, whose date tag is parseLong
            new String[]{"read: Date value (readUTCDate, or parseLong under readObject)", "Hessian2Input.readUTCDate",
                    "Hessian2Input.parseLong"},
            new String[]{"read: deserializer lookup (SerializerFactory)", "SerializerFactory.getDeserializer",
                    "SerializerFactory.getObjectDeserializer"},
            new String[]{"read: stream setup (Hessian2Input.<init>)", "Hessian2Input.<init>",
                    "ByteArrayInputStream.<init>"},
            // the bean readers themselves: hessian-time's type-safe one over hessian2-time, hessian-lite's over hessian2
            new String[]{"read: bean reader (hessian-lite's, or hessian-time's)",
                    "BeanReader.read", "DefinitionReader.readObject", "UnsafeDeserializer.readObject",
                    "JavaDeserializer.readObject"},
            new String[]{"read: rest (page, list, rows, field deserializers)", "HessianCodec.read",
                    "DubboSerializationCodec.read"},
            new String[]{"harness (batch loop, blackhole)", "PairedRoundTrips"});

    private ProfileBreakdown() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws IOException {
        OptionParser parser = new OptionParser();
        OptionSpec<File> jmh = parser.accepts("jmh", "JMH JSON result of the profiled run").withRequiredArg()
                .ofType(File.class).required();
        OptionSpec<File> profiles = parser.accepts("profiles", "async-profiler output directory (one per benchmark)")
                .withRequiredArg().ofType(File.class).required();
        OptionSpec<Integer> valuesPerRoundTrip = parser.accepts("values-per-round-trip", "time values per round trip")
                .withRequiredArg().ofType(Integer.class).defaultsTo(Fixtures.PAGE_ROWS * Fixtures.PAGE_FIELDS);
        OptionSpec<Integer> roundTripsPerOp = parser.accepts("round-trips-per-op", "round trips per side and invocation")
                .withRequiredArg().ofType(Integer.class).defaultsTo(PairedPageRoundTripBenchmark.PASSES);
        OptionSpec<File> out = parser.accepts("out", "write here instead of standard output").withRequiredArg()
                .ofType(File.class);
        OptionSet options = parser.parse(args);

        List<Map<String, Object>> results = Arrays.asList(
                new ObjectMapper().readValue(options.valueOf(jmh), Map[].class));
        List<Path> dirs;
        try (Stream<Path> list = Files.list(options.valueOf(profiles).toPath())) {
            dirs = list.filter(Files::isDirectory).sorted().toList();
        }
        PrintStream print = options.has(out)
                ? new PrintStream(options.valueOf(out), StandardCharsets.UTF_8) : System.out;
        int values = options.valueOf(valuesPerRoundTrip);
        for (Path dir : dirs) {
            Map<String, Object> result = resultOf(results, dir.getFileName().toString());
            Path collapsed;
            try (Stream<Path> files = Files.list(dir)) {
                collapsed = files.filter(f -> f.getFileName().toString().startsWith("collapsed")).findFirst()
                        .orElse(null);
            }
            if (result == null || collapsed == null
                    || !((Map<String, Object>) result.get("secondaryMetrics")).containsKey("candidateCpuNanos")) {
                continue; // not a paired benchmark
            }
            double roundTrips = invocations(result) * options.valueOf(roundTripsPerOp);
            long[][] samples = categorise(collapsed);
            double[] candidate = nanos(samples[0], cpuNanos(result, "candidateCpuNanos") / roundTrips);
            double[] baseline = nanos(samples[1], cpuNanos(result, "baselineCpuNanos") / roundTrips);
            Map<String, Object> params = (Map<String, Object>) result.get("params");
            Object rows = params.get("rows");
            String rowsLabel = rows == null ? "" : ", " + rows + ("1".equals(rows) ? " row" : " rows");
            print.printf(Locale.ROOT, "== %s%s%n   samples: candidate %d, baseline %d; CPU per round trip:"
                            + " candidate %.0f ns, baseline %.0f ns (speed ratio %.3f)%n",
                    params.get("pair"), rowsLabel, Arrays.stream(samples[0]).sum(), Arrays.stream(samples[1]).sum(),
                    sum(candidate), sum(baseline), sum(baseline) / sum(candidate));
            print.printf(Locale.ROOT, "   %-66s %11s %11s %14s%n", "category", "candidate", "baseline",
                    "diff per value");
            for (int i = 0; i < CATEGORIES.size(); i++) {
                if (samples[0][i] + samples[1][i] == 0) {
                    continue;
                }
                print.printf(Locale.ROOT, "   %-66s %8.0f ns %8.0f ns %+11.1f ns%n", CATEGORIES.get(i)[0],
                        candidate[i], baseline[i], (candidate[i] - baseline[i]) / values);
            }
            print.printf(Locale.ROOT, "   %-66s %8.0f ns %8.0f ns %+11.1f ns%n%n", "total", sum(candidate),
                    sum(baseline), (sum(candidate) - sum(baseline)) / values);
        }
        if (print != System.out) {
            print.close();
        }
    }

    private static double sum(double[] values) {
        return Arrays.stream(values).sum();
    }

    /** Each category's share of a side's samples times that side's CPU ns per round trip. */
    private static double[] nanos(long[] samples, double nanosPerRoundTrip) {
        long total = Arrays.stream(samples).sum();
        double[] nanos = new double[samples.length];
        for (int i = 0; i < samples.length; i++) {
            nanos[i] = total == 0 ? 0 : nanosPerRoundTrip * samples[i] / total;
        }
        return nanos;
    }

    /** Samples per category of the candidate side ([0]) and of the baseline side ([1]). */
    private static long[][] categorise(Path collapsed) throws IOException {
        long[][] samples = new long[2][CATEGORIES.size()];
        for (String line : readLines(collapsed)) {
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            int side = line.contains("PairedRoundTrips.timeCandidate") ? 0
                    : line.contains("PairedRoundTrips.timeBaseline") ? 1 : -1;
            if (side < 0) {
                continue; // not timed: GC, compiler, JMH's own threads and loop
            }
            long count = Long.parseLong(line.substring(space + 1).trim());
            List<String> frames = new ArrayList<>();
            for (String frame : line.substring(0, space).split(";")) {
                frames.add(frame.replace('/', '.'));
            }
            samples[side][categoryOf(frames)] += count;
        }
        return samples;
    }

    /** The lines of a collapsed-stacks file, gzipped ({@code .gz}, as committed) or not. */
    private static List<String> readLines(Path file) throws IOException {
        if (!file.getFileName().toString().endsWith(".gz")) {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
            return reader.lines().toList();
        }
    }

    private static int categoryOf(List<String> frames) {
        for (int i = 0; i < CATEGORIES.size(); i++) {
            String[] category = CATEGORIES.get(i);
            for (int m = 1; m < category.length; m++) {
                for (String frame : frames) {
                    if (frame.endsWith(category[m])) {
                        return i;
                    }
                }
            }
        }
        return CATEGORIES.size() - 1;
    }

    /** JMH invocations in the measured iterations: ops/s times seconds per iteration times iterations. */
    @SuppressWarnings("unchecked")
    private static double invocations(Map<String, Object> result) {
        Map<String, Object> primary = (Map<String, Object>) result.get("primaryMetric");
        if (!"ops/s".equals(primary.get("scoreUnit"))) {
            throw new IllegalArgumentException(result.get("benchmark") + " is not in ops/s");
        }
        String[] time = String.valueOf(result.get("measurementTime")).split(" ");
        double seconds = Double.parseDouble(time[0]) / (time.length > 1 && time[1].equals("ms") ? 1000 : 1);
        int forks = ((List<Object>) primary.get("rawData")).size();
        return ((Number) primary.get("score")).doubleValue() * seconds
                * ((Number) result.get("measurementIterations")).intValue() * forks;
    }

    @SuppressWarnings("unchecked")
    private static double cpuNanos(Map<String, Object> result, String counter) {
        Map<String, Object> metric = (Map<String, Object>) ((Map<String, Object>) result.get("secondaryMetrics"))
                .get(counter);
        double sum = 0;
        for (Object fork : (List<Object>) metric.get("rawData")) {
            for (Object iteration : (List<Object>) fork) {
                sum += ((Number) iteration).doubleValue();
            }
        }
        return sum;
    }

    /**
     * The JMH result whose benchmark and parameters async-profiler's JMH integration encoded into the directory
     * name ({@code <benchmark>-<mode>-<param>-<value>...}, with ':' and '/' escaped as _3A and _2F).
     */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> resultOf(List<Map<String, Object>> results, String dirName) {
        for (Map<String, Object> r : results) {
            StringBuilder expected = new StringBuilder((String) r.get("benchmark"));
            expected.append('-').append(MODES.getOrDefault((String) r.get("mode"), (String) r.get("mode")));
            ((Map<String, Object>) r.getOrDefault("params", Map.of())).forEach((k, v) -> expected.append('-')
                    .append(k).append('-').append(String.valueOf(v).replace(":", "_3A").replace("/", "_2F")));
            if (dirName.equals(expected.toString())) {
                return r;
            }
        }
        return null;
    }

    /** JMH's short mode names in the JSON and the long ones in profiler directory names. */
    private static final Map<String, String> MODES = Map.of("thrpt", "Throughput", "avgt", "AverageTime",
            "sample", "SampleTime", "ss", "SingleShotTime");
}
