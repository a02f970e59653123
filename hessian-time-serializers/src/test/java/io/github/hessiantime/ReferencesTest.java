package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Hessian numbers every object it writes and lets later values point back at earlier ones, so a codec that takes
 * one slot too many or too few corrupts everything after it. These streams mix time values with shared objects.
 */
class ReferencesTest {

    static final class Event implements Serializable {
        private static final long serialVersionUID = 1L;
        Instant at;
        LocalDateTime local;
        Map<String, Object> tags;
        Event parent;

        /** What makes two events equal: their fields, the parent event compared in turn. */
        List<Object> values() {
            return Arrays.asList(at, local, tags, parent);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Event && values().equals(((Event) o).values());
        }

        @Override
        public int hashCode() {
            return Objects.hash(at, local);
        }
    }

    /**
     * The unreferenced framing (hessian2-time): time values take no slot on either side, so the shared objects
     * after them still resolve, and a time instance repeated is written again in full instead of as a reference.
     */
    /** A map that several places of a graph share, so the stream holds it once and back references after that. */
    private static Map<String, Object> sharedMap() {
        Map<String, Object> shared = new HashMap<>();
        shared.put("k", "v");
        return shared;
    }

    @Test
    void unreferencedTimeValuesTakeNoSlotAndSharedObjectsStillResolve() throws Exception {
        Map<String, Object> shared = sharedMap();
        Instant instant = Instant.parse("2025-11-22T10:15:30.123Z");
        LocalDateTime local = LocalDateTime.parse("2025-11-22T10:15:30");
        java.time.Year year = java.time.Year.of(2025);
        List<Object> graph = new ArrayList<>(Arrays.asList(instant, shared, local, instant, shared, year, local, shared,
                year));
        SerializerFactory unreferenced = JavaTimeSerializerFactory.compactUnreferenced().newSerializerFactory();
        byte[] bytes = Hessian.write(unreferenced, graph);
        byte[] referencedBytes = Hessian.write(Hessian.compactFactory(), graph);
        // The second Instant (8 bytes: object tag, binary tag, 6-byte millisecond payload) and LocalDateTime (6 bytes:
        // whole seconds) are written in full instead of as 2-byte references; the field names differ ("seconds" for
        // "nanos", "time" for "date"). Year has no unreferenced framing and stays a reference, as does the map.
        int expected = referencedBytes.length + (8 - 2) + (6 - 2) + ("seconds".length() - "nanos".length())
                + ("time".length() - "date".length());
        assertEquals(expected, bytes.length, Hessian.hex(bytes));
        for (SerializerFactory reader : new SerializerFactory[]{Hessian.compactFactory(), Hessian.compatibleFactory(),
                unreferenced}) {
            @SuppressWarnings("unchecked")
            List<Object> back = (List<Object>) Hessian.readOne(reader, bytes);
            assertEquals(graph, back);
            assertSame(back.get(1), back.get(4), "the shared map is one object again");
            assertSame(back.get(1), back.get(7));
            assertSame(back.get(5), back.get(8), "Year keeps its reference");
        }
    }

    @Test
    void sharedObjectsAfterTimeValuesStillResolve() throws Exception {
        Map<String, Object> shared = sharedMap();
        Instant instant = Instant.parse("2025-11-22T10:15:30.123Z");
        ZonedDateTime zoned = ZonedDateTime.parse("2025-11-02T01:30-05:00[America/New_York]");
        List<Object> graph = new ArrayList<>(Arrays.asList(instant, shared, zoned, instant, shared,
                LocalDate.of(2024, 2, 29), zoned, shared));

        SerializerFactory compactWriter = Hessian.compactFactory();
        for (SerializerFactory writer : new SerializerFactory[]{compactWriter, Hessian.compatibleFactory()}) {
            byte[] bytes = Hessian.write(writer, graph);
            // A stock reader reads the stock bytes too; the compact bytes need hessian-time's factory.
            SerializerFactory[] readers = writer == compactWriter
                    ? new SerializerFactory[]{Hessian.compactFactory(), Hessian.compatibleFactory()}
                    : new SerializerFactory[]{Hessian.compactFactory(), Hessian.compatibleFactory(), new SerializerFactory()};
            for (SerializerFactory reader : readers) {
                @SuppressWarnings("unchecked")
                List<Object> back = (List<Object>) Hessian.readOne(reader, bytes);
                assertEquals(graph, back);
                assertSame(back.get(1), back.get(4), "the shared map is one object again");
                assertSame(back.get(1), back.get(7));
            }
        }
    }

    @Test
    void objectFieldsTypedAsJavaTimeAndSharedParents() throws Exception {
        Event root = new Event();
        root.at = Instant.parse("1969-12-31T23:59:59.999999999Z");
        root.local = LocalDateTime.MAX;
        root.tags = new HashMap<>();
        Event child = new Event();
        child.at = root.at; // the same instance: a back reference inside a typed field
        child.local = LocalDateTime.parse("2024-02-29T23:59:59.999999999");
        child.tags = root.tags;
        child.parent = root;
        List<Event> events = Arrays.asList(root, child, root);

        for (SerializerFactory writer : new SerializerFactory[]{Hessian.compactFactory(), Hessian.compatibleFactory()}) {
            @SuppressWarnings("unchecked")
            List<Event> back = (List<Event>) Hessian.readOne(Hessian.compactFactory(), Hessian.write(writer, events));
            assertEquals(events, back);
            assertSame(back.get(0), back.get(1).parent);
            assertSame(back.get(0), back.get(2));
            assertSame(back.get(0).tags, back.get(1).tags);
        }
    }
}
