package io.github.hessiantime.bench.values;

import io.github.hessiantime.bench.Fixtures;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Date;
import java.util.concurrent.TimeUnit;

/**
 * The floor under a page round trip: its 100 time values taken apart into the 64 bits a Hessian date carries, and
 * built again from them, with no stream and no serializer. Whatever carries a page of java.time values pays at least
 * this, and a page of {@code Date}s pays its own; the difference is what inline fields cannot take away.
 *
 * <p>The same values as the page benchmarks ({@link Fixtures#pageMoments()}), and the same 64 bits as hessian2-time's
 * inline forms (docs/wire-format.md §1.2): a Date's epoch millis, an Instant's epoch nanos, a LocalDateTime's fields
 * packed from its year (8 bits from 1900) down to its nano. Reading builds through the factories that hessian2-time's
 * reader uses, so the range checks a reader must make are in the figure. Per page, so divide by 100 for a value.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime) @OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1) @Measurement(iterations = 5, time = 1)
@Fork(2)
public class PageValuesBenchmark {

    @Param({"date", "instant", "localDateTime"})
    public String page;

    private static final int FIRST_PACKED_YEAR = 1900;

    private Date[] dates;
    private Instant[] instants;
    private LocalDateTime[] localDateTimes;
    private long[] bits;

    @Setup(Level.Trial)
    public void prepare() {
        Instant[][] rows = Fixtures.pageMoments();
        int count = rows.length * rows[0].length;
        dates = new Date[count];
        instants = new Instant[count];
        localDateTimes = new LocalDateTime[count];
        int i = 0;
        for (Instant[] row : rows) {
            for (Instant moment : row) {
                dates[i] = Date.from(moment);
                instants[i] = moment;
                localDateTimes[i] = LocalDateTime.ofInstant(moment, Fixtures.ZONE);
                i++;
            }
        }
        Object[] expected = pageValues();
        bits = new long[count];
        takeApart(bits);
        // the measured code must give back the page, or its figures mean nothing
        if (!Arrays.equals(build(), expected)) {
            throw new IllegalStateException(page + ": the values built from their 64 bits differ from the page's");
        }
    }

    /** Every value of the page to its 64 bits, as a writer does before writing them. */
    @Benchmark
    public long[] takeApart() {
        long[] out = new long[bits.length];
        takeApart(out);
        return out;
    }

    /** Every value of the page built again from its 64 bits, as a reader does after reading them. */
    @Benchmark
    public Object[] build() {
        long[] in = bits;
        Object[] values = new Object[in.length];
        switch (page) {
            case "date":
                for (int i = 0; i < in.length; i++) {
                    values[i] = new Date(in[i]);
                }
                break;
            case "instant":
                for (int i = 0; i < in.length; i++) {
                    values[i] = Instant.ofEpochSecond(0, in[i]);
                }
                break;
            default:
                for (int i = 0; i < in.length; i++) {
                    long packed = in[i];
                    values[i] = LocalDateTime.of(FIRST_PACKED_YEAR + (int) (packed >>> 56),
                            (int) (packed >>> 52) & 0xf, (int) (packed >>> 47) & 0x1f, (int) (packed >>> 42) & 0x1f,
                            (int) (packed >>> 36) & 0x3f, (int) (packed >>> 30) & 0x3f, (int) packed & 0x3fff_ffff);
                }
        }
        return values;
    }

    /**
     * The values {@code page} names. Any other name is refused here: the measured methods would take it as
     * LocalDateTime.
     */
    private Object[] pageValues() {
        switch (page) {
            case "date": return dates;
            case "instant": return instants;
            case "localDateTime": return localDateTimes;
            default: throw new IllegalArgumentException("unknown page: " + page + " (date, instant or localDateTime)");
        }
    }

    private void takeApart(long[] out) {
        switch (page) {
            case "date":
                for (int i = 0; i < out.length; i++) {
                    out[i] = dates[i].getTime();
                }
                break;
            case "instant":
                for (int i = 0; i < out.length; i++) {
                    Instant instant = instants[i];
                    out[i] = instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
                }
                break;
            default:
                for (int i = 0; i < out.length; i++) {
                    LocalDateTime value = localDateTimes[i];
                    out[i] = ((long) (value.getYear() - FIRST_PACKED_YEAR) << 56)
                            | ((long) value.getMonthValue() << 52) | ((long) value.getDayOfMonth() << 47)
                            | ((long) value.getHour() << 42) | ((long) value.getMinute() << 36)
                            | ((long) value.getSecond() << 30) | value.getNano();
                }
        }
    }
}
