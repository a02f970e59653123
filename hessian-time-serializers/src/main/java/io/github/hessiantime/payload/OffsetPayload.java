package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.TimeDecodingException;

import java.time.ZoneOffset;

/**
 * A zone offset in one byte when it is a whole number of quarter hours (every offset in use today), else four.
 * <pre>
 *  q            signed byte -72..72: offset = q * 15 minutes
 *  0x80 s s s   escape, then signed 3-byte total seconds, -64800..64800 (historic offsets such as -04:56:02)
 * </pre>
 */
public final class OffsetPayload {
    public static final int MAX_LENGTH = 4;
    private static final int ESCAPE = 0x80;
    private static final int QUARTER_HOUR = 900;
    private static final int MAX_SECONDS = 18 * 3600;
    private static final int MAX_QUARTERS = MAX_SECONDS / QUARTER_HOUR;
    // Every whole quarter-hour offset, -18:00 to +18:00: ZoneOffset.ofTotalSeconds boxes the seconds and looks them up
    // in a concurrent map for each value (a fifth of an OffsetDateTime page's time in a profile); these are the same
    // instances, taken from it once.
    private static final ZoneOffset[] QUARTER_HOURS = new ZoneOffset[2 * MAX_QUARTERS + 1];

    static {
        for (int quarters = -MAX_QUARTERS; quarters <= MAX_QUARTERS; quarters++) {
            QUARTER_HOURS[quarters + MAX_QUARTERS] = ZoneOffset.ofTotalSeconds(quarters * QUARTER_HOUR);
        }
    }

    private OffsetPayload() {
    }

    /** Writes {@code offset} at {@code position}; returns the position after it. */
    public static int write(byte[] buffer, int position, ZoneOffset offset) {
        int quarters = quarterHours(offset);
        if (quarters != Integer.MIN_VALUE) {
            buffer[position] = (byte) quarters;
            return position + 1;
        }
        buffer[position] = (byte) ESCAPE;
        return PayloadWriter.put(buffer, position + 1, offset.getTotalSeconds(), 3);
    }

    /** Reads an offset written by {@link #write}. */
    public static ZoneOffset read(PayloadReader in) throws TimeDecodingException {
        int first = in.u8();
        if (first != ESCAPE) {
            return ofQuarterHours((byte) first, in);
        }
        int seconds = (int) in.signed(3);
        if (seconds < -MAX_SECONDS || seconds > MAX_SECONDS) {
            throw outOfRange(in, seconds);
        }
        return ZoneOffset.ofTotalSeconds(seconds);
    }

    private static ZoneOffset ofQuarterHours(int quarters, PayloadReader in) throws TimeDecodingException {
        ZoneOffset offset = ofQuarterHours(quarters);
        if (offset == null) {
            throw outOfRange(in, quarters * QUARTER_HOUR);
        }
        return offset;
    }

    /** The offset of {@code quarters} quarter hours, or {@code null} outside -18:00..+18:00. */
    public static ZoneOffset ofQuarterHours(long quarters) {
        if (quarters < -MAX_QUARTERS || quarters > MAX_QUARTERS) {
            return null;
        }
        return QUARTER_HOURS[(int) quarters + MAX_QUARTERS];
    }

    /** {@code offset} in quarter hours, or {@link Integer#MIN_VALUE} when it is not a whole number of them. */
    public static int quarterHours(ZoneOffset offset) {
        int seconds = offset.getTotalSeconds();
        return seconds % QUARTER_HOUR == 0 ? seconds / QUARTER_HOUR : Integer.MIN_VALUE;
    }

    private static TimeDecodingException outOfRange(PayloadReader in, int seconds) {
        return in.error(Problem.OUT_OF_RANGE, "offset of " + seconds + " seconds is outside -18:00..+18:00");
    }
}
