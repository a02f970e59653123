package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.HessianProtocolException;

/**
 * Thrown when bytes cannot be decoded into a java.time value.
 *
 * <p>It is a {@link java.io.IOException} (through hessian-lite's {@link HessianProtocolException}), so callers that
 * already handle Hessian protocol errors handle this one too. The message always starts with the java.time type
 * being read, and {@link #problem()} says what kind of problem it was, for code that wants to tell them apart.
 */
public class TimeDecodingException extends HessianProtocolException {
    private static final long serialVersionUID = 1L;

    /** What was wrong with the input. */
    public enum Problem {
        /** The stream ended inside a value. */
        TRUNCATED,
        /** A length on the wire is not one this format allows (too short, too long, or not a defined tier). */
        BAD_LENGTH,
        /** A field decoded, but its value is outside the range of the java.time type (nanos 10^9, month 13, ...). */
        OUT_OF_RANGE,
        /** A field, or the whole value, had a Hessian type this format never writes there. */
        WRONG_TYPE,
        /** A class definition lacked a field that the format requires. */
        MISSING_FIELD,
        /** A class definition this reader does not know: a later compact format version, or an unknown encoding. */
        UNKNOWN_FORMAT_VERSION,
        /** A zone id that is malformed, too long, or unknown to this JVM's time-zone rules. */
        INVALID_ZONE,
        /** The compact format was found in something other than a Hessian 2 stream. */
        UNSUPPORTED_INPUT,
        /**
         * The stream holds a value of another type where this type was expected (a class definition that is none
         * of this type's formats), or a class definition whose type this JVM does not know.
         */
        TYPE_MISMATCH,
        /** The Hessian stream around or inside the value is broken: a bad reference, a bad definition. */
        MALFORMED_STREAM,
        /** Values nested inside each other deeper than any java.time value needs. */
        NESTING_TOO_DEEP
    }

    private final Class<?> type;
    private final Problem problem;

    public TimeDecodingException(Class<?> type, Problem problem, String detail) {
        this(type, problem, detail, null);
    }

    public TimeDecodingException(Class<?> type, Problem problem, String detail, Throwable cause) {
        super(type.getName() + ": " + describe(problem) + ": " + detail, cause);
        this.type = type;
        this.problem = problem;
    }

    /** The java.time type that was being decoded. */
    public Class<?> type() {
        return type;
    }

    public Problem problem() {
        return problem;
    }

    private static String describe(Problem problem) {
        switch (problem) {
            case TRUNCATED: return "truncated input";
            case BAD_LENGTH: return "bad length";
            case OUT_OF_RANGE: return "value out of range";
            case WRONG_TYPE: return "wrong Hessian type";
            case MISSING_FIELD: return "missing field";
            case UNKNOWN_FORMAT_VERSION: return "unknown format version";
            case INVALID_ZONE: return "invalid zone id";
            case TYPE_MISMATCH: return "type mismatch";
            case MALFORMED_STREAM: return "malformed stream";
            case NESTING_TOO_DEEP: return "nesting too deep";
            default: return "unsupported input";
        }
    }
}
