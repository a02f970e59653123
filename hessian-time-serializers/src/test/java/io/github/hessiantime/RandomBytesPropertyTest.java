package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.WireType;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Property-based tests: random values of every type round-trip; random and mutated bytes never get past the
 * decoders as anything but a valid value or a {@link TimeDecodingException}. Bounded by try counts to run in seconds.
 * Random (jqwik) values and bytes, not coverage-guided: the coverage-guided fuzz targets are the {@code *FuzzTest}
 * classes of the Dubbo glue tests (docs/fuzzing.md).
 */
class RandomBytesPropertyTest {
    private static final SerializerFactory COMPACT = Hessian.compactFactory();
    private static final SerializerFactory COMPATIBLE = Hessian.compatibleFactory();
    private static final List<ZoneId> ZONES = new ArrayList<>();

    static {
        ZoneId.getAvailableZoneIds().stream().sorted().forEach(id -> ZONES.add(ZoneId.of(id)));
    }

    // ---------------------------------------------------------------- random round trips

    @Property(tries = 20000)
    void everyValueRoundTripsThroughEveryReader(@ForAll("anyTimeValue") Object value) throws Exception {
        byte[] compact = Hessian.write(COMPACT, value);
        assertEquals(value, Hessian.readOne(COMPACT, compact));
        assertEquals(value, Hessian.readOne(COMPATIBLE, compact));
        assertEquals(value, Hessian.readOne(COMPACT, Hessian.write(new SerializerFactory(), value)));
    }

    @Property(tries = 3000)
    void valuesInOneStreamKeepTheirOrderAndIdentity(@ForAll("valueLists") List<Object> values)
            throws Exception {
        List<Object> doubled = new ArrayList<>(values);
        doubled.addAll(values); // the second half are back references
        List<Object> back = Hessian.read(COMPACT, Hessian.write(COMPACT, doubled.toArray()), doubled.size());
        assertEquals(doubled, back);
        for (int i = 0; i < values.size(); i++) {
            assertTrue(back.get(i) == back.get(i + values.size()), "back reference " + i);
        }
    }

    @Provide
    Arbitrary<List<Object>> valueLists() {
        return anyTimeValue().list().ofMinSize(1).ofMaxSize(12);
    }

    @Provide
    Arbitrary<Object> anyTimeValue() {
        Arbitrary<Integer> nanos = Combinators.combine(Arbitraries.integers().between(0, 999_999_999),
                Arbitraries.of(1, 1000, 1_000_000, 1_000_000_000)).as((n, unit) -> n / unit * unit);
        Arbitrary<Long> instantSeconds = Arbitraries.longs()
                .between(Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond())
                .edgeCases(c -> c.add(0L, -1L, 4_294_967_295L, 4_294_967_296L, 9_223_372_036L, -9_223_372_037L));
        Arbitrary<Long> nearNow = Arbitraries.longs().between(-4_000_000_000L, 8_000_000_000L);
        Arbitrary<Instant> instants = Combinators.combine(Arbitraries.oneOf(instantSeconds, nearNow), nanos)
                .as(Instant::ofEpochSecond);
        Arbitrary<LocalDateTime> dateTimes = Combinators.combine(
                Arbitraries.longs().between(LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC),
                        LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC)), nanos)
                .as((s, n) -> LocalDateTime.ofEpochSecond(s, n, ZoneOffset.UTC));
        Arbitrary<LocalDateTime> nearDateTimes = Combinators.combine(nearNow, nanos)
                .as((s, n) -> LocalDateTime.ofEpochSecond(s, n, ZoneOffset.UTC));
        Arbitrary<ZoneOffset> offsets = Arbitraries.oneOf(
                Arbitraries.integers().between(-72, 72).map(q -> ZoneOffset.ofTotalSeconds(q * 900)),
                Arbitraries.integers().between(-64_800, 64_800).map(ZoneOffset::ofTotalSeconds));
        Arbitrary<ZoneId> regions = Arbitraries.of(ZONES).filter(z -> !(z instanceof ZoneOffset));
        Arbitrary<LocalTime> times = Combinators.combine(Arbitraries.longs().between(0, 86_399L), nanos)
                .as((s, n) -> LocalTime.ofSecondOfDay(s).withNano(n));
        Arbitrary<LocalDate> dates = Arbitraries.longs().between(LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay())
                .map(LocalDate::ofEpochDay);
        Arbitrary<ZonedDateTime> zoned = Combinators.combine(Arbitraries.oneOf(nearDateTimes, dateTimes),
                Arbitraries.oneOf(regions, offsets.map(o -> (ZoneId) o)), Arbitraries.of(true, false))
                .as((ldt, zone, later) -> {
                    ZonedDateTime z = ZonedDateTime.of(ldt, zone);
                    return later ? z.withLaterOffsetAtOverlap() : z.withEarlierOffsetAtOverlap();
                });
        return Arbitraries.oneOf(
                instants.map(v -> v), dateTimes.map(v -> v), nearDateTimes.map(v -> v), dates.map(v -> v),
                times.map(v -> v),
                Combinators.combine(times, offsets).as(OffsetTime::of),
                Combinators.combine(Arbitraries.oneOf(nearDateTimes, dateTimes), offsets).as(OffsetDateTime::of),
                zoned.map(v -> v), regions.map(v -> v), offsets.map(v -> v),
                Combinators.combine(Arbitraries.longs(), nanos).as(Duration::ofSeconds),
                Arbitraries.longs().map(Duration::ofNanos),
                Combinators.combine(Arbitraries.integers(), Arbitraries.integers(), Arbitraries.integers()).as(Period::of),
                Arbitraries.integers().between(Year.MIN_VALUE, Year.MAX_VALUE).map(Year::of),
                Combinators.combine(Arbitraries.integers().between(Year.MIN_VALUE, Year.MAX_VALUE),
                        Arbitraries.integers().between(1, 12)).as(YearMonth::of),
                Arbitraries.integers().between(1, 366).map(d -> MonthDay.from(LocalDate.ofYearDay(2024, d))));
    }

    // ---------------------------------------------------------------- decoder fuzzing

    /** Any payload under any wire type: a value that survives another round trip, or a TimeDecodingException. */
    @Property(tries = 200000)
    void arbitraryPayloads(@ForAll WireType wire, @ForAll @Size(max = 24) byte[] payload) throws Exception {
        decodeOrReject(wire, Hessian.compactObject(wire, binary(payload)));
    }

    /** Valid payloads of each type with one byte changed, one removed or the end cut off. */
    @Property(tries = 100000)
    void mutatedValidPayloads(@ForAll("anyTimeValue") Object value, @ForAll @IntRange(max = 2) int mutation,
                              @ForAll long seed) throws Exception {
        byte[] stream = Hessian.write(COMPACT, value);
        Random random = new Random(seed);
        int header = Hessian.compactObject(wireTypeOf(value), new byte[0]).length; // class definition and object tag
        int at = header + random.nextInt(stream.length - header);
        byte[] mutated;
        if (mutation == 0) {
            mutated = stream.clone();
            mutated[at] ^= (byte) (1 + random.nextInt(255));
        } else if (mutation == 1) {
            mutated = new byte[stream.length - 1];
            System.arraycopy(stream, 0, mutated, 0, at);
            System.arraycopy(stream, at + 1, mutated, at, stream.length - at - 1);
        } else {
            mutated = java.util.Arrays.copyOf(stream, at);
        }
        readOrReject(mutated, wireTypeOf(value));
    }

    /** Random bytes after a valid class definition of each type: the whole value path, tags included. */
    @Property(tries = 100000)
    void arbitraryValueBytes(@ForAll WireType wire, @ForAll @Size(max = 20) byte[] value) throws Exception {
        readOrReject(Hessian.compactObject(wire, value), wire);
    }

    private static void decodeOrReject(WireType wire, byte[] stream) throws Exception {
        Object value;
        try {
            value = Hessian.readOne(COMPACT, stream);
        } catch (TimeDecodingException e) {
            assertTrue(e.getMessage().startsWith(e.type().getName() + ": "), e.getMessage());
            return;
        }
        assertNotNull(value);
        assertTrue(wire.javaType().isInstance(value), value.getClass().getName());
        assertEquals(value, Hessian.readOne(COMPACT, Hessian.write(COMPACT, value)));
    }

    /**
     * Garbage may also break Hessian's own grammar (hessian-lite then throws its own IOException), and it may decode
     * as a shorter value with bytes left over; but nothing thrown may come out of hessian-time as anything other
     * than an IOException, and whatever is returned is a value of the written type.
     */
    private static void readOrReject(byte[] stream, WireType wire) {
        Object value;
        try {
            Hessian2Input in = new Hessian2Input(new java.io.ByteArrayInputStream(stream));
            in.setSerializerFactory(COMPACT);
            value = in.readObject();
        } catch (IOException expected) {
            return;
        } catch (RuntimeException e) {
            for (StackTraceElement frame : e.getStackTrace()) {
                if (frame.getClassName().startsWith("io.github.hessiantime.")
                        && !frame.getClassName().startsWith("io.github.hessiantime.RandomBytesPropertyTest")) {
                    fail("a " + e + " escaped from " + frame, e);
                }
            }
            return; // hessian-lite's own, outside any hessian-time reader
        }
        if (value != null) {
            assertTrue(wire.javaType().isInstance(value), "a " + value.getClass().getName() + " came back for "
                    + wire);
        }
    }

    // ---------------------------------------------------------------- hostile references in beans (issue 25)

    private static final SerializerFactory INLINE = JavaTimeSerializerFactory.compactInline().newSerializerFactory();
    private static final boolean WITH_ERROR = Hessian.hessianLiteLine().equals("4.0");
    private static final byte[][] PAGES = {Hessian.write(INLINE, HostileDtos.page(0, WITH_ERROR)),
            Hessian.write(COMPATIBLE, HostileDtos.page(1, WITH_ERROR))};

    /**
     * A back reference written over or into a valid page of beans at any offset: whatever comes back, no field of any
     * bean in it holds an object its declared type cannot hold (HostileBeansChildJvmTest also touches them, in a
     * child JVM), and nothing but an IOException comes out of hessian-time's code.
     */
    @Property(tries = 20000)
    void backReferencesAnywhereInAPageNeverLeaveAWrongObjectInAField(@ForAll @IntRange(max = 1) int page,
            @ForAll @IntRange(min = 1, max = 4000) int offset, @ForAll @IntRange(max = 15) int ref,
            @ForAll boolean insert) {
        byte[] valid = PAGES[page];
        int at = offset % (valid.length - 1);
        byte[] hostile;
        if (insert) {
            hostile = new byte[valid.length + 2];
            System.arraycopy(valid, 0, hostile, 0, at);
            System.arraycopy(valid, at, hostile, at + 2, valid.length - at);
        } else {
            hostile = valid.clone();
        }
        hostile[at] = 'Q';
        hostile[at + 1] = (byte) (0x90 + ref);
        Object value;
        try {
            Hessian2Input in = new Hessian2Input(new java.io.ByteArrayInputStream(hostile));
            in.setSerializerFactory(page == 0 ? INLINE : COMPATIBLE);
            value = in.readObject();
        } catch (IOException expected) {
            return;
        } catch (RuntimeException e) {
            for (StackTraceElement frame : e.getStackTrace()) {
                if (frame.getClassName().startsWith("io.github.hessiantime.hessian.")) {
                    fail("a " + e + " escaped from " + frame, e);
                }
            }
            return; // hessian-lite's own, outside any bean (a reference as the message's first value)
        }
        assertEquals(new ArrayList<String>(), HostileDtos.wrongTypedFields(value));
    }

    // ---------------------------------------------------------------- hessian-lite's handle format

    /**
     * A handle object of each type whose unknown extra field holds a corrupt back reference, a reference to a class
     * definition that does not exist, a definition with a negative field count, or random bytes: hessian-lite's own
     * RuntimeExceptions while skipping it come out as a TimeDecodingException naming the type.
     */
    @Property(tries = 30000)
    void corruptReferencesTypesAndCountsInsideHandles(@ForAll WireType wire, @ForAll("corruptValue") byte[] extra)
            throws Exception {
        byte[] stream = Hessian.objectStream(wire.handleClassName(), new String[]{"extra"}, out -> { }, extra);
        try {
            Object value = Hessian.readOne(COMPACT, stream);
            fail("a handle without its fields came back as " + value);
        } catch (TimeDecodingException e) {
            assertEquals(wire.javaType(), e.type(), e.getMessage());
        }
    }

    @Provide
    Arbitrary<byte[]> corruptValue() {
        Arbitrary<byte[]> badReference = Arbitraries.integers().between(0, 1 << 20)
                .map(i -> new byte[]{'Q', 'I', (byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) (int) i});
        Arbitrary<byte[]> badShortReference = Arbitraries.integers().between(0, 0x2f)
                .map(i -> new byte[]{'Q', (byte) (0x90 + i)});
        Arbitrary<byte[]> unknownDefinition = Arbitraries.integers().between(1, 15)
                .map(i -> new byte[]{(byte) (0x60 + i)});
        Arbitrary<byte[]> unknownLongDefinition = Arbitraries.integers().between(1, 1 << 20)
                .map(i -> new byte[]{'O', 'I', (byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) (int) i});
        Arbitrary<byte[]> negativeFieldCount = Arbitraries.integers().between(Integer.MIN_VALUE, -1)
                .map(n -> new byte[]{'C', 0x01, 'a', 'I', (byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8),
                        (byte) (int) n, 0x60});
        Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(16);
        return Arbitraries.oneOf(badReference, badShortReference, unknownDefinition, unknownLongDefinition,
                negativeFieldCount, random);
    }

    /** Handles hidden inside each other's unknown fields: a clear error past the nesting limit, not a stack overflow. */
    @Example
    void nestedHandlesStopAtTheNestingLimit() throws Exception {
        assertEquals(Instant.EPOCH, Hessian.readOne(COMPACT, nestedInstantHandles(5)));
        for (int depth : new int[]{64, 200_000}) {
            try {
                Hessian.readOne(COMPACT, nestedInstantHandles(depth));
                fail("read " + depth + " nested handles");
            } catch (TimeDecodingException e) {
                assertEquals(TimeDecodingException.Problem.NESTING_TOO_DEEP, e.problem(), e.getMessage());
            }
        }
    }

    /** hessian-lite's own nesting (lists in lists) inside an unknown field of a handle: an error, not a crash. */
    @Example
    void deeplyNestedListsInsideAHandleAreAnError() throws Exception {
        int depth = 400_000;
        ByteArrayOutputStream lists = new ByteArrayOutputStream();
        for (int i = 0; i < depth; i++) {
            lists.write(0x57); // an untyped list of open length
        }
        for (int i = 0; i < depth; i++) {
            lists.write('Z');
        }
        byte[] stream = Hessian.objectStream(WireType.INSTANT.handleClassName(), new String[]{"extra"}, out -> { },
                lists.toByteArray());
        try {
            Hessian.readOne(COMPACT, stream);
            fail("read " + depth + " nested lists");
        } catch (TimeDecodingException e) {
            assertEquals(WireType.INSTANT.javaType(), e.type(), e.getMessage());
        }
    }

    /** An InstantHandle whose unknown first field holds another InstantHandle, {@code depth} levels deep. */
    private static byte[] nestedInstantHandles(int depth) throws IOException {
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        for (int i = 1; i < depth; i++) {
            raw.write(0x60); // another object of class definition 0
        }
        raw.write('N');
        for (int i = 0; i < depth; i++) {
            raw.write(0x90); // seconds = 0
            raw.write(0x90); // nanos = 0
        }
        return Hessian.objectStream(WireType.INSTANT.handleClassName(), new String[]{"extra", "seconds", "nanos"},
                out -> { }, raw.toByteArray());
    }

    private static WireType wireTypeOf(Object value) {
        if (value instanceof ZoneOffset) {
            return WireType.ZONE_OFFSET;
        }
        for (WireType wire : WireType.values()) {
            if (wire.javaType().isInstance(value)) {
                return wire;
            }
        }
        throw new IllegalArgumentException(value.getClass().getName());
    }

    private static byte[] binary(byte[] payload) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.writeBytes(payload);
        out.flush();
        return bytes.toByteArray();
    }
}
