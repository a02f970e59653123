package io.github.hessiantime.bench.serialization;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.hessiantime.bench.Fixtures;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Bytes on the wire per value, for the same value sets and serializers as {@link SerializationBenchmark}:
 * the first value in a fresh stream (what one Dubbo message with one time value costs) and each later value of
 * the same type in that stream (class definitions and handles are already sent), and the bytes of each page of the
 * page benchmarks. Writes one JSON file, with the hessian-lite version it ran with.
 *
 * <p>Usage: {@code WireSizes <out.json> <serializer>...}. Run it with the compactMode flag for
 * {@code hessianLiteCompactMode}; it refuses that name without the flag. A serializer {@code dubbo:NAME} is Dubbo's
 * own {@code Serialization} extension NAME as {@link DubboPageRoundTripBenchmark} uses it; for those only the pages
 * of that benchmark are counted (one message body each).
 */
public final class WireSizes {

    private static final List<String> VALUES = Arrays.asList("date", "instant", "localDateTime", "dateDto", "timeDto");
    private static final List<String> PAGES = Arrays.asList("date", "instant", "localDateTime");
    private static final List<String> DUBBO_PAGES = Arrays.asList("date", "instantMillis", "instantMicros", "localDateTime",
            "localDateTimeRecords", "instantMillisRecords",
            "offsetDateTime", "schedule");
    private static final String DUBBO = "dubbo:";

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
        List<Map<String, Object>> sizes = new ArrayList<>();
        List<Map<String, Object>> pages = new ArrayList<>();
        for (int s = 1; s < args.length; s++) {
            String serializer = args[s];
            if (serializer.startsWith(DUBBO)) {
                DubboSerializationCodec codec = DubboSerializationCodec.named(serializer.substring(DUBBO.length()));
                for (String page : DUBBO_PAGES) {
                    pages.add(pageRow(serializer, page, codec.write(Fixtures.pageByName(page)).size()));
                }
                continue;
            }
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
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("serializer", serializer);
                row.put("value", value);
                row.put("firstMin", firstMin);
                row.put("firstMax", firstMax);
                row.put("firstMean", firstSum / values.length);
                row.put("laterMin", laterMin);
                row.put("laterMax", laterMax);
                row.put("laterMean", laterSum / values.length);
                sizes.add(row);
            }
            if (!compactModeWanted) {
                for (String page : PAGES) {
                    pages.add(pageRow(serializer, page, codec.write(Fixtures.pageByName(page)).size()));
                }
            }
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("hessianLiteVersion", hessianLiteVersion());
        json.put("sizes", sizes);
        json.put("pages", pages);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), json);
        System.out.println("wrote " + out);
    }

    private static Map<String, Object> pageRow(String serializer, String page, int bytes) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("serializer", serializer);
        row.put("page", page);
        row.put("bytes", bytes);
        return row;
    }

    /** The hessian-lite on this class path, from the pom.properties Maven packs into its jar. */
    static String hessianLiteVersion() throws IOException {
        Properties pom = new Properties();
        try (InputStream in = Hessian2Output.class.getResourceAsStream(
                "/META-INF/maven/org.apache.dubbo/hessian-lite/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("no org.apache.dubbo:hessian-lite pom.properties on the class path");
            }
            pom.load(in);
        }
        return pom.getProperty("version");
    }
}
