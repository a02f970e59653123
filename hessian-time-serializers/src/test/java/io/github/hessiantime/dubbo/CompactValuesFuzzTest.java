package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.hessiantime.JavaTimeSerializerFactory;
import io.github.hessiantime.ObjectGraphs;
import io.github.hessiantime.hessian.WireType;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage-guided fuzzing (Jazzer, docs/fuzzing.md) of the compact value readers: every java.time type, read untyped
 * ({@code readObject()}) and typed ({@code readObject(Type.class)}).
 *
 * <p>An input is one byte that picks the read, then the message. The byte's value modulo 15 is the type (0: an
 * untyped read, {@code k}: a read typed as the {@code k}-th {@link WireType}); its value divided by 15, modulo 3, is
 * the way in: Dubbo's {@code hessian2-time} under STRICT as a provider reads an argument (every property of
 * {@link FuzzChecks}), or a plain {@code Hessian2Input} with the {@code compact()} or {@code compatible()} factory, as
 * a user of the plain Hessian API reads (there hessian-lite's own grammar errors are its own RuntimeExceptions, which
 * a {@code Hessian2Input} user gets without hessian-time; none may be thrown by hessian-time's code or come through
 * its java.time readers, which wrap them as a {@code TimeDecodingException}). Either way a
 * typed read returns null or a value of the type (or the {@code compactMode} value that was written,
 * {@link FuzzChecks#isKeptCompactMode}), the same bytes read again return the same value, and a java.time value that
 * comes back is written and read back equal.
 */
class CompactValuesFuzzTest {
    private static final WireType[] TYPES = WireType.values();
    private static final SerializerFactory[] PLAIN = {JavaTimeSerializerFactory.compact().newSerializerFactory(),
        JavaTimeSerializerFactory.compatible().newSerializerFactory()};

    @FuzzTest(maxDuration = "15m")
    void everyTypeReadUntypedAndTyped(byte[] input) throws Exception {
        if (input.length < 1) {
            return;
        }
        int pick = input[0] & 0xff;
        Class<?> typed = pick % 15 == 0 ? null : TYPES[pick % 15 - 1].javaType();
        int way = pick / 15 % 3;
        byte[] message = Arrays.copyOfRange(input, 1, input.length);
        Object value = way == 0 ? FuzzChecks.readAndCheck(message, typed) : readPlain(PLAIN[way - 1], message, typed);
        if (value == FuzzChecks.REFUSED) {
            return;
        }
        if (way != 0) {
            if (typed != null && value != null && !FuzzChecks.isKeptCompactMode(value)) {
                assertTrue(typed.isInstance(value), "a " + value.getClass().getName() + " read as " + typed);
            }
            ObjectGraphs.assertSameGraph(value, readPlain(PLAIN[way - 1], message, typed));
        }
        if (value != null && value.getClass().getName().startsWith("java.time.")) {
            assertEquals(value, FuzzChecks.read(FuzzChecks.write(value), null), "written and read back");
        }
    }

    /** Code of hessian-time's main source tree. */
    private static boolean isHessianTimes(StackTraceElement frame) {
        String name = frame.getClassName();
        return name.startsWith("io.github.hessiantime.hessian.") || name.startsWith("io.github.hessiantime.payload.")
                || name.startsWith("ht.") || name.startsWith("io.github.hessiantime.JavaTimeSerializerFactory");
    }

    /** A read with a plain Hessian2Input: the value, or REFUSED for an IOException or hessian-lite's own error. */
    private static Object readPlain(SerializerFactory factory, byte[] message, Class<?> typed) {
        Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(message));
        in.setSerializerFactory(factory);
        try {
            return typed == null ? in.readObject() : in.readObject(typed);
        } catch (IOException refused) {
            return FuzzChecks.REFUSED;
        } catch (RuntimeException | StackOverflowError e) {
            StackTraceElement[] frames = e.getStackTrace();
            if (frames.length > 0 && isHessianTimes(frames[0])) {
                throw new AssertionError("a " + e + " thrown by hessian-time's " + frames[0], e);
            }
            for (StackTraceElement frame : frames) {
                if (frame.getClassName().startsWith("io.github.hessiantime.hessian.deser.")) {
                    throw new AssertionError("a " + e + " came through the java.time reader " + frame, e);
                }
            }
            // hessian-lite's own, outside any java.time reader (a reader that only delegates to hessian-lite's, as
            // LengthGuard does, passes it on as hessian-lite threw it: docs/fuzzing.md, finding 1)
            return FuzzChecks.REFUSED;
        } catch (OutOfMemoryError e) {
            if (FuzzChecks.isDocumentedOutOfMemory(e)) {
                return FuzzChecks.REFUSED;
            }
            throw e;
        }
    }
}
