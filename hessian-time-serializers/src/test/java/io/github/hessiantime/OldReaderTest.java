package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Peers without hessian-time: stock hessian-lite in a child JVM whose class path lacks our jar.
 * Compact bytes must make them fail visibly (an exception, or a Map), never give a plausible wrong time.
 */
class OldReaderTest {
    static final String HESSIAN_LITE_4 = "hessian-lite-4.0.4.jar";
    static final String HESSIAN_LITE_3 = "hessian-lite-3.2.13.jar";

    @ParameterizedTest
    @ValueSource(strings = {HESSIAN_LITE_4, HESSIAN_LITE_3})
    void oldReaderNeverDecodesCompactBytesIntoATimeValue(String jar) throws Exception {
        Map<String, Integer> outcomes = new TreeMap<>();
        try (PeerJvm old = PeerJvm.without(jar)) {
            assertFalse(old.canLoad("ht.Instant"), "the old peer must not see hessian-time");
            SerializerFactory[] writers = {Hessian.compactFactory(),
                    JavaTimeSerializerFactory.compactUnreferenced().newSerializerFactory()};
            for (Object value : EdgeCorpus.all()) {
              for (SerializerFactory writer : writers) { // both framings: referenced and unreferenced
                String compact = Hex.of(Hessian.write(writer, value));
                Class<?> declared = value instanceof ZoneId && !(value instanceof ZoneOffset)
                        ? ZoneId.class : value.getClass();
                // Untyped (an Object field, a generic call), typed as the declared class (a DTO field, a parameter).
                for (String expected : Arrays.asList("-", declared.getName(), "java.lang.Object")) {
                    String[] answer = old.ask("read " + expected + " " + compact);
                    if (answer[0].equals("value") && answer[1].startsWith("java.time.")) {
                        fail(old + " decoded compact " + value + " (read as " + expected + ") into " + answer[2]);
                    }
                    String outcome = answer[0].equals("exception") ? "exception " + answer[1] : answer[1];
                    outcomes.merge(outcome, 1, Integer::sum);
                }
              }
            }
        }
        System.out.println(jar + " reading compact bytes: " + outcomes);
        assertTrue(outcomes.keySet().stream().allMatch(o -> o.startsWith("exception ") || o.equals("java.util.HashMap")),
                outcomes.toString());
    }

    /** The positive control: the same harness does decode what compatible() writes. */
    @ParameterizedTest
    @ValueSource(strings = {HESSIAN_LITE_4, HESSIAN_LITE_3})
    void oldReaderDecodesWhatCompatibleWrites(String jar) throws Exception {
        try (PeerJvm old = PeerJvm.without(jar)) {
            for (Object value : EdgeCorpus.all()) {
                String bytes = Hex.of(Hessian.write(Hessian.compatibleFactory(), value));
                String[] answer = old.ask("read - " + bytes);
                assertEquals("value", answer[0], jar + " reading " + value + ": " + String.join(" ", answer));
                assertEquals(value, EdgeCorpus.parse(EdgeCorpus.typeKey(value), answer[2]), jar);
            }
        }
    }

    /** Adding our jar to a class path does not change one byte that a stock SerializerFactory writes. */
    @ParameterizedTest
    @ValueSource(strings = {HESSIAN_LITE_4, HESSIAN_LITE_3})
    void ourJarDoesNotChangeWhatStockWrites(String jar) throws Exception {
        try (PeerJvm without = PeerJvm.without(jar); PeerJvm with = PeerJvm.withHessianTime(jar)) {
            assertTrue(with.canLoad("ht.Instant"));
            for (Object value : EdgeCorpus.all()) {
                assertEquals(Hessian.hex(without.write(value)), Hessian.hex(with.write(value)), String.valueOf(value));
            }
            // One stream holding everything, so references and class definitions interact too.
            Object[] all = EdgeCorpus.all().toArray();
            assertEquals(Hessian.hex(without.write(all)), Hessian.hex(with.write(all)));
        }
    }

    /**
     * The jar on the class path does nothing by itself: a stock reader that has it but not hessian-time's factory
     * fails on compact bytes, typed or untyped, and never returns a value (neither a time nor a marker object).
     */
    @Test
    void stockReaderWithOurJarButNotOurFactoryFailsVisibly() throws Exception {
        try (PeerJvm with = PeerJvm.withHessianTime(HESSIAN_LITE_4)) {
            for (Object value : EdgeCorpus.all()) {
                String compact = Hex.of(Hessian.write(Hessian.compactFactory(), value));
                for (String declared : new String[]{"-", value instanceof java.time.ZoneId && !(value instanceof
                        java.time.ZoneOffset) ? "java.time.ZoneId" : value.getClass().getName()}) {
                    String[] answer = with.ask("read " + declared + " " + compact);
                    assertEquals("exception", answer[0], declared + ": " + String.join(" ", answer));
                }
            }
        }
    }
}
