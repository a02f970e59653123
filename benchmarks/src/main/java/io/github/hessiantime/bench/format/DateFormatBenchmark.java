package io.github.hessiantime.bench.format;

import io.github.hessiantime.bench.Fixtures;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.text.SimpleDateFormat;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Date;
import java.util.concurrent.TimeUnit;

/**
 * Formatting a timestamp to text: {@link SimpleDateFormat} against {@link DateTimeFormatter}, each in the
 * thread-safe ways code actually uses them. The article's first table compared {@code new SimpleDateFormat}
 * per call with {@code DateTimeFormatter.ofPattern} per call; the other variants are the usual fixes.
 * {@link Contended} runs the same methods from 4 threads, where the synchronized variant pays for its lock.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput) @OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1) @Measurement(iterations = 3, time = 1)
@Fork(1) @Threads(1)
public class DateFormatBenchmark {

    static final String PATTERN = "yyyy-MM-dd HH:mm:ss.SSS";
    static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

    private static final DateTimeFormatter SHARED_FORMATTER = DateTimeFormatter.ofPattern(PATTERN);
    private static final ThreadLocal<SimpleDateFormat> THREAD_LOCAL_FORMAT = ThreadLocal.withInitial(() -> newFormat());
    private final SimpleDateFormat lockedFormat = newFormat();

    private final Date[] dates = Fixtures.dates();
    private final Instant[] instants = Fixtures.instants();
    private final LocalDateTime[] localDateTimes = Fixtures.localDateTimes();

    /** Per-thread cursor into the fixed values, so threads do not share a counter. */
    @State(Scope.Thread)
    public static class Cursor {
        int next;

        int next() {
            return next++ & Fixtures.MASK;
        }
    }

    private static SimpleDateFormat newFormat() {
        SimpleDateFormat format = new SimpleDateFormat(PATTERN);
        format.setTimeZone(java.util.TimeZone.getTimeZone(ZONE));
        return format;
    }

    @Benchmark
    public String simpleDateFormatNewPerCall(Cursor cursor) {
        return newFormat().format(dates[cursor.next()]);
    }

    @Benchmark
    public String simpleDateFormatThreadLocal(Cursor cursor) {
        return THREAD_LOCAL_FORMAT.get().format(dates[cursor.next()]);
    }

    @Benchmark
    public String simpleDateFormatSynchronized(Cursor cursor) {
        Date date = dates[cursor.next()];
        synchronized (lockedFormat) {
            return lockedFormat.format(date);
        }
    }

    @Benchmark
    public String dateTimeFormatterOfPatternPerCall(Cursor cursor) {
        return DateTimeFormatter.ofPattern(PATTERN).format(instants[cursor.next()].atZone(ZONE));
    }

    @Benchmark
    public String dateTimeFormatterSharedInstant(Cursor cursor) {
        return SHARED_FORMATTER.format(instants[cursor.next()].atZone(ZONE));
    }

    @Benchmark
    public String dateTimeFormatterSharedLocalDateTime(Cursor cursor) {
        return SHARED_FORMATTER.format(localDateTimes[cursor.next()]);
    }

    /** The same benchmarks from 4 threads (twice the cores of the reference machine). */
    @Threads(4)
    public static class Contended extends DateFormatBenchmark {
    }
}
