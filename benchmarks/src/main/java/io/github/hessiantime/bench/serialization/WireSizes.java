package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.Fixtures;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Bytes on the wire per value, for the same value sets and serializers as {@link SerializationBenchmark}:
 * the first value in a fresh stream (what one Dubbo message with one time value costs) and each later value of
 * the same type in that stream (class definitions and handles are already sent). Writes one JSON file.
 *
 * <p>Usage: {@code WireSizes <out.json> <serializer>...}. Run it with the compactMode flag for
 * {@code hessianLiteCompactMode}; it refuses that name without the flag.
 */
public final class WireSizes {

    private static final List<String> VALUES = Arrays.asList("date", "instant", "localDateTime", "dateDto", "timeDto");

    private WireSizes() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: WireSizes <out.json> <serializer>...");
        }
        Path out = Paths.get(args[0]);
        if (out.getParent() != null) {
            Files.createDirectories(out.getParent());
        }
        try (PrintWriter json = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8))) {
            json.println("[");
            boolean firstRow = true;
            for (int s = 1; s < args.length; s++) {
                String serializer = args[s];
                boolean compactModeWanted = serializer.equals("hessianLiteCompactMode");
                if (compactModeWanted != Boolean.getBoolean(HessianCodec.HESSIAN_LITE_COMPACT_MODE)) {
                    throw new IllegalStateException(serializer + " needs -D" + HessianCodec.HESSIAN_LITE_COMPACT_MODE
                            + "=" + compactModeWanted);
                }
                HessianCodec codec = HessianCodec.named(serializer);
                for (String value : VALUES) {
                    Object[] values = Fixtures.byName(value);
                    int firstMin = Integer.MAX_VALUE, firstMax = 0, laterMin = Integer.MAX_VALUE, laterMax = 0;
                    double firstSum = 0, laterSum = 0;
                    for (int i = 0; i < values.length; i++) {
                        int first = codec.write(values[i]).size();
                        // A different value of the same type after the first one, in the same stream.
                        Object other = values[(i + 1) % values.length];
                        int later = codec.writeAll(values[i], other).size() - first;
                        firstMin = Math.min(firstMin, first);
                        firstMax = Math.max(firstMax, first);
                        laterMin = Math.min(laterMin, later);
                        laterMax = Math.max(laterMax, later);
                        firstSum += first;
                        laterSum += later;
                    }
                    json.print(firstRow ? "" : ",\n");
                    firstRow = false;
                    json.print(String.format(Locale.ROOT,
                            "  {\"serializer\": \"%s\", \"value\": \"%s\", \"firstMin\": %d, \"firstMax\": %d,"
                                    + " \"firstMean\": %.2f, \"laterMin\": %d, \"laterMax\": %d, \"laterMean\": %.2f}",
                            serializer, value, firstMin, firstMax, firstSum / values.length, laterMin, laterMax,
                            laterSum / values.length));
                }
            }
            json.println("\n]");
        }
        System.out.println("wrote " + out);
    }
}
