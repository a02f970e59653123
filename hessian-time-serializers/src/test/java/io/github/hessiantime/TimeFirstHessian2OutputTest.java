package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Collections;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The writer hessian2-time uses: on both hessian-lite lines it writes exactly what newSerializerFactory() writes,
 * for top-level values and for values nested in objects, even around a factory where hessian-lite's own java.time
 * serializers would come first (3.2.x).
 */
class TimeFirstHessian2OutputTest {

    @Test
    void writesWhatTheTimeFirstFactoryWritesForEveryValueAndNestedValues() throws Exception {
        JavaTimeSerializerFactory time = JavaTimeSerializerFactory.compactUnreferenced();
        SerializerFactory stockWithTime = Hessian.stockFactoryWith(time);
        SerializerFactory reference = time.newSerializerFactory();
        for (Object value : EdgeCorpus.all()) {
            assertEquals(Hessian.hex(Hessian.write(reference, value)), Hessian.hex(write(stockWithTime, time, value)));
        }
        // All of them in one stream, long payloads before short ones: the reused payload buffer leaks nothing.
        Object[] all = EdgeCorpus.all().toArray();
        java.util.Collections.reverse(java.util.Arrays.asList(all));
        assertEquals(Hessian.hex(Hessian.write(reference, all)), Hessian.hex(write(stockWithTime, time, all)));
        ReferencesTest.Event event = new ReferencesTest.Event();
        event.at = Instant.parse("2025-11-22T10:15:30.123Z");
        event.local = LocalDateTime.parse("2025-11-22T10:15:30");
        event.tags = Collections.singletonMap("when", event.at);
        byte[] bytes = write(stockWithTime, time, (Object) event);
        assertEquals(Hessian.hex(Hessian.write(reference, event)), Hessian.hex(bytes));
        assertEquals(event, Hessian.readOne(Hessian.compatibleFactory(), bytes));
    }

    /**
     * The stream remembers the last class it found no hessian-time serializer for, so that a page's rows skip the
     * lookup: a time value after any run of other objects, top-level or in a list, is still written compact. The
     * stream's own factory here is hessian-lite's alone, so only the stream's lookup writes compact bytes.
     */
    @Test
    void aTimeValueAfterOtherObjectsIsStillWrittenCompact() throws Exception {
        JavaTimeSerializerFactory time = JavaTimeSerializerFactory.compactUnreferenced();
        SerializerFactory reference = time.newSerializerFactory();
        Instant at = Instant.parse("2026-11-29T00:00:01.5Z");
        Object[] values = {"a", "b", at, "c", at.plusSeconds(1), 7, 8, LocalDateTime.parse("2026-11-29T00:00:02"),
                java.time.LocalDate.parse("2026-11-29"), new java.util.ArrayList<>(java.util.Arrays.asList(
                "row", "row", at, at.plusMillis(1), "row", 9, java.time.Duration.ofSeconds(3)))};
        byte[] bytes = write(new SerializerFactory(), time, values);
        assertEquals(Hessian.hex(Hessian.write(reference, values)), Hessian.hex(bytes));
        assertEquals(java.util.Arrays.asList(values), Hessian.read(Hessian.compatibleFactory(), bytes, values.length));
    }

    private static byte[] write(SerializerFactory factory, JavaTimeSerializerFactory time, Object... values)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = time.newHessian2Output(bytes);
        out.setSerializerFactory(factory);
        for (Object value : values) {
            out.writeObject(value);
        }
        out.flush();
        return bytes.toByteArray();
    }
}
