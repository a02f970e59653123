package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.time.LocalTime;

/**
 * A time of day whose payload length is its precision, so a whole hour costs one byte:
 * <pre>
 *  1 byte   hour of day
 *  2 bytes  minute of day
 *  3 bytes  second of day
 *  4 bytes  millisecond of day
 *  5 bytes  microsecond of day
 *  6 bytes  nanosecond of day
 * </pre>
 * All unsigned big-endian.
 */
final class TimeOfDayPayload {
    public static final int MAX_LENGTH = 6;

    // Nanoseconds per unit, indexed by payload length.
    private static final long[] UNIT_NANOS = {0, 3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L,
            1_000_000L, 1000L, 1L};
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private TimeOfDayPayload() {
    }

    public static int write(byte[] buffer, int position, LocalTime time) {
        long nanoOfDay = time.toNanoOfDay();
        int length = 1;
        while (nanoOfDay % UNIT_NANOS[length] != 0) {
            length++;
        }
        return PayloadWriter.put(buffer, position, nanoOfDay / UNIT_NANOS[length], length);
    }

    /** Reads the rest of the payload as a time of day. */
    public static LocalTime read(PayloadReader in) throws TimeDecodingException {
        int length = in.remaining();
        if (length < 1 || length > MAX_LENGTH) {
            throw in.error(Problem.BAD_LENGTH, "a time of day of " + length + " bytes is not between 1 and 6");
        }
        long count = in.unsigned(length);
        long unit = UNIT_NANOS[length];
        if (count >= NANOS_PER_DAY / unit) {
            throw in.error(Problem.OUT_OF_RANGE, "time of day " + count + " (1 unit = " + unit
                    + " ns) is not within one day");
        }
        return LocalTime.ofNanoOfDay(count * unit);
    }
}
