package io.github.hessiantime;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * The beans of the inline shape golden vectors ({@code golden/inline-v1-shapes.hex}): a record, and fields a
 * subclass's field of the same name hides. Their class names and fields are part of those bytes, so none may change.
 */
public final class InlineShapes {
    private InlineShapes() {
    }

    /** The values of the golden vectors, by label: each is written alone in a fresh stream. */
    public static java.util.Map<String, Object> goldenValues() {
        java.util.Map<String, Object> values = new java.util.LinkedHashMap<>();
        values.put("record", new Event("e1", Instant.parse("2025-11-22T10:15:30.123456Z"),
                LocalDateTime.parse("2025-11-22T18:15:30.123456"), LocalDate.parse("2025-11-22")));
        values.put("record with nulls", new Event(null, null, null, LocalDate.parse("1970-01-01")));
        values.put("hidden java.time and String fields", Shadow.of(Instant.parse("2025-11-22T10:15:30Z"),
                LocalDateTime.parse("2025-11-22T18:15:30"), "base", "shadow"));
        values.put("hidden fields, the superclass's null", Shadow.of(null, LocalDateTime.parse("2025-11-22T18:15:30"),
                null, "shadow"));
        values.put("a name on three levels", Level3.of("one", "two", "three"));
        return values;
    }

    /** The record: written inline as a class with the same fields is. */
    public record Event(String id, Instant at, LocalDateTime ldt, LocalDate day) implements Serializable {
    }

    /** The class with the same four fields, for comparing sizes. */
    public static final class EventClass implements Serializable {
        String id;
        Instant at;
        LocalDateTime ldt;
        LocalDate day;

        EventClass(Event event) {
            id = event.id();
            at = event.at();
            ldt = event.ldt();
            day = event.day();
        }
    }

    public static class Base implements Serializable {
        Instant ts;
        String label;
    }

    /** Hides both of its superclass's fields, a java.time one with another java.time type and a String. */
    public static class Shadow extends Base {
        LocalDateTime ts;
        String label;

        /** The shadowed pair of the golden vectors. */
        static Shadow of(Instant baseTs, LocalDateTime ts, String baseLabel, String label) {
            Shadow shadow = new Shadow();
            ((Base) shadow).ts = baseTs;
            ((Base) shadow).label = baseLabel;
            shadow.ts = ts;
            shadow.label = label;
            return shadow;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Shadow)) {
                return false;
            }
            Shadow s = (Shadow) o;
            return Objects.equals(ts, s.ts) && Objects.equals(label, s.label)
                    && Objects.equals(((Base) this).ts, ((Base) s).ts)
                    && Objects.equals(((Base) this).label, ((Base) s).label);
        }

        @Override
        public int hashCode() {
            return Objects.hash(ts, label, ((Base) this).ts, ((Base) this).label);
        }

        @Override
        public String toString() {
            return "Shadow[ts=" + ts + ", label=" + label + ", Base.ts=" + ((Base) this).ts + ", Base.label="
                    + ((Base) this).label + "]";
        }
    }

    /** Three levels of one name, no java.time field at all: inline for the hidden names alone. */
    public static class Level1 implements Serializable {
        String name;
    }

    public static class Level2 extends Level1 {
        String name;
    }

    public static class Level3 extends Level2 {
        String name;

        static Level3 of(String first, String second, String third) {
            Level3 level = new Level3();
            ((Level1) level).name = first;
            ((Level2) level).name = second;
            level.name = third;
            return level;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Level3 && toString().equals(o.toString());
        }

        @Override
        public int hashCode() {
            return toString().hashCode();
        }

        @Override
        public String toString() {
            return "Level3[" + ((Level1) this).name + ", " + ((Level2) this).name + ", " + name + "]";
        }
    }
}
