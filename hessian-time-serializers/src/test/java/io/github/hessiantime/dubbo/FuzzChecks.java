package io.github.hessiantime.dubbo;

import io.github.hessiantime.HostileDtos;
import io.github.hessiantime.ObjectGraphs;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.utils.DefaultSerializeClassChecker;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What every fuzz target ({@code *FuzzTest}, docs/fuzzing.md) asserts about one message read as a provider reads it:
 * through Dubbo's {@code hessian2-time} Serialization SPI, in one framework under STRICT class checks with only the
 * tests' DTO classes added to Dubbo's allow list and a zone for fields migrating between {@code Date} and local
 * date-times (one framework per JVM: a fuzzing run reads millions of messages).
 * <ul>
 *   <li>only an {@code IOException} (or the {@code ClassNotFoundException} a typed read declares) leaves a read: any
 *       other exception or error propagates and is a finding, except on hessian-lite 3.2.x the documented
 *       {@code OutOfMemoryError} of its class-definition reader for an absurd field count
 *       ({@link #isDocumentedOutOfMemory}; docs/dubbo.md, "What it cannot protect");</li>
 *   <li>a typed read returns null or an instance of the type (or the compactMode value that was written,
 *       {@link #isKeptCompactMode}); no field of any bean in what is returned holds an object
 *       its declared type cannot hold ({@link HostileDtos#wrongTypedFields}); no object in it is of a class Dubbo's
 *       STRICT check refuses, but for the values Hessian's grammar and hessian-time's compact format carry without
 *       a class name ({@link #carriedWithoutAClassName});</li>
 *   <li>the same bytes read again return the same graph, field by field, shared references and cycles included
 *       ({@link ObjectGraphs}): nothing a read leaves behind changes the next one;</li>
 *   <li>when fuzzing, a read takes at most 1 s of CPU.</li>
 * </ul>
 */
final class FuzzChecks {
    static final String HESSIAN2_TIME = Hessian2TimeSerialization.NAME;
    static final boolean HESSIAN_LITE_3_2 = "3.2".equals(System.getProperty("hessiantime.hessianLiteLine", "4.0"));
    /** Returned by {@link #read} for a message refused with an IOException or ClassNotFoundException. */
    static final Object REFUSED = new Object();
    /** The application classes the framework allows besides Dubbo's own allow list (prefixes, as Dubbo matches). */
    static final String[] ALLOWED = {"io.github.hessiantime.HostileDtos", "io.github.hessiantime.InlineShapes",
        "io.github.hessiantime.InlineRow", "io.github.hessiantime.InlineOtherRow", "io.github.hessiantime.model.",
        "io.github.hessiantime.dubbo.FuzzDtos"};

    /**
     * When fuzzing, a read may take at most 1 s of its thread's CPU (once the JVM has loaded what reads load): CPU time,
     * unlike libFuzzer's wall-clock {@code -timeout}, does not count the time a loaded machine gives other processes.
     */
    private static final long MAX_CPU_NANOS = 1_000_000_000L;
    private static final int WARM_UP_READS = 1000;
    private static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null
            && !System.getenv("JAZZER_FUZZ").isEmpty();
    private static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();
    private static int reads;

    static final FrameworkModel FRAMEWORK = new FrameworkModel();
    static final URL URL = DubboFramework.urlOf(FRAMEWORK);
    private static final DefaultSerializeClassChecker CHECKER;

    static {
        // the migrating fields' zone, in this framework's application configuration (read by its first factory)
        FRAMEWORK.defaultApplication().modelEnvironment().updateAppConfigMap(
                java.util.Collections.singletonMap(MigrationZoneSetting.KEY, "Asia/Shanghai"));
        SerializeSecurityManager security = FRAMEWORK.getBeanFactory().getBean(SerializeSecurityManager.class);
        security.setCheckStatus(SerializeCheckStatus.STRICT);
        for (String allowed : ALLOWED) {
            security.addToAllowed(allowed);
        }
        CHECKER = FRAMEWORK.getBeanFactory().getOrRegisterBean(DefaultSerializeClassChecker.class);
    }

    private FuzzChecks() {
    }

    /** One message written through the framework's {@code hessian2-time}, as a provider writes a response. */
    static byte[] write(Object value) throws IOException {
        return DubboFramework.write(FRAMEWORK, URL, HESSIAN2_TIME, value);
    }

    /**
     * One message read through the framework's {@code hessian2-time}: untyped, or typed if {@code typed} is set. The
     * value, or {@link #REFUSED}; any other exception or error is left to propagate, as a finding.
     */
    static Object read(byte[] message, Class<?> typed) {
        long cpu = CPU.getCurrentThreadCpuTime();
        Object value = readUntimed(message, typed);
        long used = CPU.getCurrentThreadCpuTime() - cpu;
        if (FUZZING && ++reads > WARM_UP_READS && used > MAX_CPU_NANOS) {
            fail("a read took " + used / 1_000_000 + " ms of CPU");
        }
        return value;
    }

    private static Object readUntimed(byte[] message, Class<?> typed) {
        try {
            return DubboFramework.read(FRAMEWORK, URL, HESSIAN2_TIME, message, typed);
        } catch (IOException | ClassNotFoundException refused) {
            return REFUSED;
        } catch (OutOfMemoryError e) {
            if (isDocumentedOutOfMemory(e)) {
                return REFUSED;
            }
            throw e;
        }
    }

    /**
     * hessian-lite 3.2.x allocates the field names of a class definition from the count the stream gives, before any
     * factory is asked (hessian-lite 4.0.x and hessian-time refuse the count): the one error a read may throw there.
     */
    static boolean isDocumentedOutOfMemory(OutOfMemoryError e) {
        if (!HESSIAN_LITE_3_2) {
            return false;
        }
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getClassName().equals("com.alibaba.com.caucho.hessian.io.Hessian2Input")
                    && frame.getMethodName().equals("readObjectDefinition")) {
                return true;
            }
        }
        return false;
    }

    /** Reads {@code message} and asserts everything above; the value read, or {@link #REFUSED}. */
    static Object readAndCheck(byte[] message, Class<?> typed) {
        Object value = read(message, typed);
        if (value == REFUSED) {
            return REFUSED;
        }
        assertWellFormed(value, typed);
        ObjectGraphs.assertSameGraph(value, read(message, typed));
        return value;
    }

    /** A typed read's type, every field's type and the allow list, over the whole graph of {@code value}. */
    static void assertWellFormed(Object value, Class<?> typed) {
        if (typed != null && value != null && !isKeptCompactMode(value)) {
            assertTrue(boxed(typed).isInstance(value), "a " + value.getClass().getName() + " read as " + typed);
        }
        assertEquals(new ArrayList<String>(), HostileDtos.wrongTypedFields(value), "fields holding a wrong object");
        List<String> refused = new ArrayList<>();
        for (Object object : HostileDtos.reachable(value)) {
            Class<?> type = object.getClass();
            while (type.isArray() && type != Object[].class) {
                type = type.getComponentType(); // Dubbo checks the element class a typed array names
            }
            if (type.isPrimitive() || carriedWithoutAClassName(type)) {
                continue;
            }
            try {
                CHECKER.loadClass(FuzzChecks.class.getClassLoader(), type.getName());
            } catch (ClassNotFoundException | RuntimeException e) {
                refused.add(type.getName());
            }
        }
        if (!refused.isEmpty()) {
            fail("classes outside the allow list came back under STRICT: " + refused);
        }
    }

    /**
     * hessian-lite 4.0.x's {@code compactMode} LocalDate, LocalTime and LocalDateTime: their readers keep the value
     * that was written, whatever type a typed read declares, so that the caller's own type check fails rather than a
     * value of the declared type being made from another type's bytes (docs/wire-format.md, 4.1; TypeMismatchTest).
     */
    static boolean isKeptCompactMode(Object value) {
        return value instanceof java.time.LocalDate || value instanceof java.time.LocalTime
                || value instanceof java.time.LocalDateTime;
    }

    /**
     * Values whose bytes name no class for Dubbo to check: Hessian's own tags (strings, numbers, booleans, dates,
     * binary, untyped lists, arrays and maps, the last allowed anyway) and hessian-time's compact java.time values,
     * whose wire names hessian-time resolves itself (docs/dubbo.md).
     */
    static boolean carriedWithoutAClassName(Class<?> type) {
        return type == String.class || type == Object[].class || type == Boolean.class || type == Character.class || type == Date.class
                || Number.class.isAssignableFrom(type) && type.getName().startsWith("java.lang.")
                || type.getName().startsWith("java.time.");
    }

    private static Class<?> boxed(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return java.lang.invoke.MethodType.methodType(type).wrap().returnType();
    }
}
