package io.github.hessiantime.dubbo;

import io.github.hessiantime.HostileDtos;
import io.github.hessiantime.InlineShapes;
import io.github.hessiantime.hessian.WireType;
import io.github.hessiantime.model.DateOrder;
import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.InstantRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.OffsetDateTimeRow;
import io.github.hessiantime.model.Page;
import io.github.hessiantime.model.ScheduleRow;
import io.github.hessiantime.model.TimeOrder;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;

/**
 * Writes the seeds of the fuzz targets' corpus, once, into the directories Jazzer replays
 * ({@code src/test/resources/io/github/hessiantime/dubbo/<Target>Inputs/<method>/}, docs/fuzzing.md): the golden
 * vectors and the sample DTOs, each behind the target's header byte(s). Run by hand (fuzz.sh seeds); never by a test,
 * and it never touches an input already there (the inputs fuzzing found stay as they are).
 */
public final class FuzzCorpus {
    private static final Instant[] MOMENTS = {Instant.parse("2025-11-22T10:15:30.123456789Z"),
        Instant.parse("2025-11-22T11:00:00Z"), Instant.parse("1969-12-31T23:59:59.999Z"),
        Instant.parse("2038-01-19T03:14:08Z"), Instant.parse("2025-03-30T01:30:00Z")};

    private final Path resources;

    private FuzzCorpus(Path resources) {
        this.resources = resources;
    }

    public static void main(String[] args) throws Exception {
        FuzzCorpus corpus = new FuzzCorpus(Paths.get(args.length > 0 ? args[0] : "src/test/resources"));
        corpus.compactValues();
        corpus.beanPages();
        corpus.tripleWrappers();
        corpus.sequences();
    }

    /** Every golden vector of a compact value, read four ways in turn (untyped and typed, SPI and plain). */
    private void compactValues() throws IOException {
        Path dir = inputs(CompactValuesFuzzTest.class, "everyTypeReadUntypedAndTyped");
        for (String file : new String[]{"compact-v1", "compact-v1-unreferenced", "hessian-lite-4.0.4-default",
            "hessian-lite-4.0.4-compact-mode"}) {
            int line = 0;
            for (String[] vector : golden(file)) {
                int type = typeIndex(vector[0]);
                int[] headers = {0, type, 15, 30 + type};
                int header = headers[line % headers.length];
                seed(dir, file + "-" + line + "-" + vector[0], header, HexFormat.of().parseHex(vector[2]));
                line++;
            }
        }
    }

    /** Pages of beans as hessian2-time and as stock hessian2 (an old peer) write them, golden beans, migrations. */
    private void beanPages() throws IOException {
        Path dir = inputs(StrictBeanPagesFuzzTest.class, "pagesOfBeansUnderStrict");
        List<Class<?>> typed = Arrays.asList(StrictBeanPagesFuzzTest.TYPED);
        for (int seed = 0; seed < 2; seed++) {
            Object page = HostileDtos.page(seed, seed == 0);
            seed(dir, "hostile-page-" + seed, typed.indexOf(HostileDtos.Page.class), FuzzChecks.write(page));
            seed(dir, "hostile-page-" + seed + "-hessian2", 0, stock(page));
        }
        seed(dir, "cyclic-row", typed.indexOf(HostileDtos.Timed.class), FuzzChecks.write(HostileDtos.cyclicRow(3)));
        seed(dir, "page-with-instant", 0, FuzzChecks.write(HostileDtos.pageHolding(4, MOMENTS[0], 4)));
        int i = 0;
        for (Object value : InlineShapes.goldenValues().values()) {
            int header = value instanceof InlineShapes.Shadow ? typed.indexOf(InlineShapes.Shadow.class)
                    : value instanceof InlineShapes.Event ? typed.indexOf(InlineShapes.Event.class) : 0;
            seed(dir, "inline-shapes-" + i++, header, FuzzChecks.write(value));
        }
        for (String file : new String[]{"inline-v1", "inline-v1-shapes"}) {
            int line = 0;
            for (String[] vector : golden(file)) {
                seed(dir, file + "-" + line++, 0, HexFormat.of().parseHex(vector[2]));
            }
        }
        List<Function<Instant[], Serializable>> rows = Arrays.asList(DateRow::new, InstantRow::new,
                LocalDateTimeRow::new, OffsetDateTimeRow::new, ScheduleRow::new);
        for (Function<Instant[], Serializable> row : rows) {
            Page<Serializable> page = new Page<>(7, Arrays.asList(row.apply(MOMENTS), row.apply(MOMENTS)));
            String name = "sample-page-" + row.apply(MOMENTS).getClass().getSimpleName();
            seed(dir, name, typed.indexOf(Page.class), FuzzChecks.write(page));
            seed(dir, name + "-hessian2", typed.indexOf(Page.class), stock(page));
        }
        seed(dir, "sample-orders", 0, FuzzChecks.write(new Object[]{new DateOrder(1, "c", MOMENTS),
            new TimeOrder(2, "d", MOMENTS)}));
        // migrating fields: DateAt's bytes renamed to TimeAt (Date -> Instant, Instant -> Date, LocalDateTime -> Date)
        // and to ZoneAt (Date -> ZonedDateTime, Instant -> OffsetDateTime)
        FuzzDtos.DateAt dateAt = new FuzzDtos.DateAt();
        dateAt.at = Date.from(MOMENTS[0]);
        dateAt.stamp = MOMENTS[1];
        dateAt.local = LocalDateTime.of(2025, 11, 22, 18, 15, 30);
        byte[] written = FuzzChecks.write(dateAt);
        for (Class<?> reader : new Class<?>[]{FuzzDtos.TimeAt.class, FuzzDtos.ZoneAt.class}) {
            byte[] renamed = renamed(written, FuzzDtos.DateAt.class.getName(), reader.getName());
            seed(dir, "migrating-to-" + reader.getSimpleName(), Math.max(0, typed.indexOf(reader)), renamed);
        }
        seed(dir, "migrating-" + FuzzDtos.DateAt.class.getSimpleName() + "-hessian2", 0,
                renamed(stock(dateAt), FuzzDtos.DateAt.class.getName(), FuzzDtos.TimeAt.class.getName()));
    }

    /** Requests and responses as the packable methods write them. */
    private void tripleWrappers() throws Exception {
        Path dir = inputs(TripleWrapperFuzzTest.class, "wrapperRequestsAndResponses");
        Object page = HostileDtos.page(5, false);
        Object shadow = InlineShapes.goldenValues().values().stream().filter(v -> v instanceof InlineShapes.Shadow)
                .findFirst().orElseThrow(IllegalStateException::new);
        seed(dir, "request", 0, TripleWrapperFuzzTest.request(MOMENTS[0], page, shadow));
        seed(dir, "request-nulls", 0, TripleWrapperFuzzTest.request(null, null, null));
        seed(dir, "response", 1, TripleWrapperFuzzTest.response(page));
        seed(dir, "response-exception", 3, TripleWrapperFuzzTest.response(
                new IllegalStateException("failed", new IllegalArgumentException("cause"))));
    }

    /** Each valid value after a hostile message that starts as a valid page, each failing write. */
    private void sequences() throws IOException {
        Path dir = inputs(MessageSequencesFuzzTest.class, "hostileMessageOrFailedWriteThenValidOnes");
        byte[] page = FuzzChecks.write(HostileDtos.page(6, false));
        byte[] cut = Arrays.copyOf(page, page.length / 2);
        for (int valid = 0; valid < 10; valid++) {
            byte[] hostile = valid % 2 == 0 ? page : cut;
            seed(dir, "valid-" + valid, new byte[]{(byte) (valid + 16 * (valid % 3)), (byte) (valid * 23)}, hostile);
        }
    }

    private static byte[] stock(Object value) throws IOException {
        return DubboFramework.write(FuzzChecks.FRAMEWORK, FuzzChecks.URL, "hessian2", value);
    }

    /** {@code bytes} with one class name replaced by another of the same length. */
    private static byte[] renamed(byte[] bytes, String from, String to) {
        byte[] f = from.getBytes(StandardCharsets.UTF_8);
        byte[] t = to.getBytes(StandardCharsets.UTF_8);
        if (f.length != t.length) {
            throw new IllegalArgumentException(from + " and " + to + " differ in length");
        }
        byte[] result = bytes.clone();
        for (int i = 0; i + f.length <= result.length; i++) {
            if (Arrays.equals(result, i, i + f.length, f, 0, f.length)) {
                System.arraycopy(t, 0, result, i, t.length);
            }
        }
        return result;
    }

    private static int typeIndex(String simpleName) {
        for (WireType wire : WireType.values()) {
            if (wire.javaType().getSimpleName().equals(simpleName)) {
                return wire.ordinal() + 1;
            }
        }
        throw new IllegalArgumentException(simpleName);
    }

    /** The lines of a golden vector file: type or label, text, hex. */
    private static List<String[]> golden(String name) throws IOException {
        List<String[]> vectors = new ArrayList<>();
        Path file = Paths.get("src/test/resources/golden", name + ".hex");
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                vectors.add(line.split("\t"));
            }
        }
        return vectors;
    }

    private Path inputs(Class<?> target, String method) throws IOException {
        Path dir = resources.resolve(target.getName().replace('.', '/') + "Inputs").resolve(method);
        Files.createDirectories(dir);
        return dir;
    }

    private static void seed(Path dir, String name, int header, byte[] message) throws IOException {
        seed(dir, name, new byte[]{(byte) header}, message);
    }

    private static void seed(Path dir, String name, byte[] header, byte[] message) throws IOException {
        Path file = dir.resolve("seed-" + name.replaceAll("[^A-Za-z0-9.-]", "_"));
        if (Files.exists(file)) {
            return;
        }
        byte[] input = Arrays.copyOf(header, header.length + message.length);
        System.arraycopy(message, 0, input, header.length, message.length);
        Files.write(file, input);
    }
}
