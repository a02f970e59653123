package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.time.DateTimeException;

/**
 * The length-tiered "compact long" shared by Instant and the local date-time part of LocalDateTime, OffsetDateTime
 * and ZonedDateTime: a count of seconds since 1970-01-01T00:00 plus a nano-of-second.
 *
 * <p>The payload length is the tier, so no byte is spent on a tag:
 * <pre>
 *  4 bytes  unsigned seconds         whole seconds, 1970 to 2106 (a Date-like timestamp)
 *  6 bytes  signed milliseconds      whole milliseconds, within +-2^47 ms (years -2489 to 6429)
 *  7 bytes  signed microseconds      whole microseconds, within +-2^55 us (years 829 to 3111)
 *  8 bytes  signed nanoseconds       within a signed long of ns (1677-09-21 to 2262-04-11)
 * 11 bytes  signed 7-byte seconds, then unsigned 4-byte nanos: everything else, up to Instant.MIN/MAX
 * </pre>
 * Writers use the first tier that holds the value exactly. A single signed long of nanoseconds would be simpler,
 * but it costs 8 bytes for every value and cannot hold dates before 1677; the tiers make the common
 * millisecond value 6 bytes (8 on the wire, less than a Date's 9) and keep every value lossless.
 */
public final class EpochPayload {
    public static final int MAX_LENGTH = 11;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    // Largest |seconds| whose scaled count cannot overflow a long before the tier's own range check.
    private static final long MAX_SECONDS_FOR_MILLIS = (Long.MAX_VALUE - 999) / 1000;
    private static final long MAX_SECONDS_FOR_MICROS = (Long.MAX_VALUE - 999_999) / 1_000_000;
    // The seconds at either end of a signed long of nanoseconds, and the nanos allowed there.
    private static final long MAX_SECONDS_FOR_NANOS = Long.MAX_VALUE / NANOS_PER_SECOND;                 //  9223372036
    private static final long MAX_NANO_AT_MAX_SECONDS = Long.MAX_VALUE % NANOS_PER_SECOND;
    private static final long MIN_SECONDS_FOR_NANOS = Math.floorDiv(Long.MIN_VALUE, NANOS_PER_SECOND);   // -9223372037
    private static final long MIN_NANO_AT_MIN_SECONDS = Math.floorMod(Long.MIN_VALUE, NANOS_PER_SECOND);

    private EpochPayload() {
    }

    /** Writes the first tier that holds the value exactly; see the class comment. */
    public static int write(byte[] buffer, int position, long epochSecond, int nano) {
        if (nano == 0 && epochSecond >= 0 && epochSecond <= 0xFFFF_FFFFL) {
            return PayloadWriter.put(buffer, position, epochSecond, 4);
        }
        if (nano % 1_000_000 == 0 && Math.abs(epochSecond) <= MAX_SECONDS_FOR_MILLIS) {
            long millis = epochSecond * 1000 + nano / 1_000_000;
            if (fitsSigned(millis, 48)) {
                return PayloadWriter.put(buffer, position, millis, 6);
            }
        }
        if (nano % 1000 == 0 && Math.abs(epochSecond) <= MAX_SECONDS_FOR_MICROS) {
            long micros = epochSecond * 1_000_000 + nano / 1000;
            if (fitsSigned(micros, 56)) {
                return PayloadWriter.put(buffer, position, micros, 7);
            }
        }
        if (fitsLongNanos(epochSecond, nano)) {
            return PayloadWriter.put(buffer, position, epochSecond * NANOS_PER_SECOND + nano, 8);
        }
        position = PayloadWriter.put(buffer, position, epochSecond, 7);
        return PayloadWriter.put(buffer, position, nano, 4);
    }

    /** Whether {@code seconds * 10^9 + nano} (with {@code 0 <= nano < 10^9}) fits a signed long. */
    public static boolean fitsLongNanos(long seconds, int nano) {
        if (seconds > MIN_SECONDS_FOR_NANOS && seconds < MAX_SECONDS_FOR_NANOS) {
            return true;
        }
        return (seconds == MAX_SECONDS_FOR_NANOS && nano <= MAX_NANO_AT_MAX_SECONDS)
                || (seconds == MIN_SECONDS_FOR_NANOS && nano >= MIN_NANO_AT_MIN_SECONDS);
    }

    private static boolean fitsSigned(long value, int bits) {
        long limit = 1L << (bits - 1);
        return value >= -limit && value < limit;
    }

    /** Makes a value of the seconds and nano-of-second an epoch payload holds; java.time checks the range. */
    public interface EpochFactory<T> {
        T of(long seconds, int nano);
    }

    /**
     * Reads the rest of the payload as one epoch value and makes it with {@code factory}, a non-capturing lambda, so
     * that decoding allocates nothing but the value itself. Seconds outside the type's range are OUT_OF_RANGE.
     */
    public static <T> T read(PayloadReader in, EpochFactory<T> factory) throws TimeDecodingException {
        long seconds;
        long nano;
        switch (in.remaining()) {
            case 4:
                seconds = in.unsigned(4);
                nano = 0;
                break;
            // Division by a constant with the remainder's sign fixed by hand: the JIT turns "/ 1000" into a
            // multiplication, which it did not do for Math.floorDiv (a sixth of the decoding time in a page profile).
            case 6: {
                long millis = in.signed(6);
                seconds = millis / 1000;
                long rest = millis % 1000;
                if (rest < 0) {
                    seconds--;
                    rest += 1000;
                }
                nano = rest * 1_000_000;
                break;
            }
            case 7: {
                long micros = in.signed(7);
                seconds = micros / 1_000_000;
                long rest = micros % 1_000_000;
                if (rest < 0) {
                    seconds--;
                    rest += 1_000_000;
                }
                nano = rest * 1000;
                break;
            }
            case 8: {
                long nanos = in.signed(8);
                seconds = nanos / NANOS_PER_SECOND;
                nano = nanos % NANOS_PER_SECOND;
                if (nano < 0) {
                    seconds--;
                    nano += NANOS_PER_SECOND;
                }
                break;
            }
            case 11:
                seconds = in.signed(7);
                nano = in.unsigned(4);
                if (nano >= NANOS_PER_SECOND) {
                    throw in.error(Problem.OUT_OF_RANGE, "nano-of-second " + nano + " is not below 10^9");
                }
                break;
            default:
                throw in.error(Problem.BAD_LENGTH, "a date-time of " + in.remaining()
                        + " bytes is not one of the tiers 4, 6, 7, 8 or 11");
        }
        try {
            return factory.of(seconds, (int) nano);
        } catch (DateTimeException e) {
            throw new TimeDecodingException(in.type(), Problem.OUT_OF_RANGE, "epoch second " + seconds + ": "
                    + e.getMessage(), e);
        }
    }
}
