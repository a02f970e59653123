package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.AbstractSerializerFactory;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import com.alibaba.com.caucho.hessian.io.Serializer;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.WireType;
import io.github.hessiantime.hessian.deser.CompactDeserializer;
import io.github.hessiantime.hessian.deser.HandleDeserializer;
import io.github.hessiantime.hessian.deser.JavaTimeClassDeserializer;
import io.github.hessiantime.hessian.inline.TimeMigration;
import io.github.hessiantime.hessian.ser.CompactSerializer;
import io.github.hessiantime.hessian.ser.TimeFirst;
import io.github.hessiantime.hessian.ser.TimeFirstHessian2Output;

import java.io.OutputStream;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The entry point: java.time serializers and deserializers for a hessian-lite {@code SerializerFactory}.
 *
 * <pre>{@code
 * SerializerFactory factory = JavaTimeSerializerFactory.compact().newSerializerFactory();   // or compatible()
 * }</pre>
 *
 * {@link #newSerializerFactory()} works on both hessian-lite lines. Adding the factory to an existing
 * {@code SerializerFactory} ({@code factory.addFactory(JavaTimeSerializerFactory.compact())}) also works for reading on
 * both, and for writing on 4.0.x; hessian-lite 3.2.x consults its built-in java.time serializers before any added
 * factory, so there an added {@code compact()} writes the stock format (still correct, just not compact).
 *
 * <ul>
 *   <li>{@link #compact()} writes the compact format, for peers known to read it.</li>
 *   <li>{@link #compatible()} writes nothing itself, so the output is byte for byte what stock hessian-lite writes.</li>
 * </ul>
 * Both read every format: the compact one, hessian-lite's default "handle" format, and what hessian-lite 4.0.x writes
 * under its global {@code compactMode} property. They work with {@code com.alibaba:hessian-lite} 3.2.x and
 * {@code org.apache.dubbo:hessian-lite} 4.0.x alike. Instances are immutable and safe to share between threads and
 * between {@code SerializerFactory}s.
 *
 * <p>Each of the 14 types is one entry of {@link WireType}; this class only registers them. A reader is registered
 * per name it reads, so a class definition is only ever read by the reader of its own type: the compact wire name
 * ({@code ht.Instant}), hessian-lite's handle class ({@code ...java8.InstantHandle}), or the java.time class itself.
 */
public final class JavaTimeSerializerFactory extends AbstractSerializerFactory {

    private final boolean writesCompact;
    private final boolean referenced;
    private final boolean inlineFields;
    private final ZoneId migrationZone;
    private final Map<Class<?>, Serializer> serializers = new HashMap<>();
    private final Serializer regionSerializer;
    // what the streams of newHessian2Output ask first; built once, immutable
    private final TimeFirst streamTimeFirst;
    private final Map<Class<?>, Deserializer> deserializersByClass = new HashMap<>();
    // The compact wire classes and hessian-lite's handles are matched by name, so a second copy of such a class in
    // another class loader (an application server, a test's isolated loader) is still recognised.
    private final Map<String, Deserializer> deserializersByName = new HashMap<>();

    private JavaTimeSerializerFactory(boolean writesCompact, boolean referenced, boolean inlineFields,
                                      ZoneId migrationZone) {
        this.writesCompact = writesCompact;
        this.referenced = referenced;
        this.inlineFields = inlineFields;
        this.migrationZone = migrationZone;
        Serializer zoneIdSerializer = null;
        for (WireType wire : WireType.values()) {
            if (writesCompact) {
                CompactSerializer<?> serializer = new CompactSerializer<>(wire, referenced);
                if (wire == WireType.ZONE_ID) {
                    zoneIdSerializer = serializer;
                } else {
                    serializers.put(wire.javaType(), serializer);
                }
            }
            deserializersByName.put(wire.wireName(), new CompactDeserializer<>(wire));
            deserializersByName.put(wire.handleClassName(), new HandleDeserializer<>(wire));
            deserializersByClass.put(wire.javaType(), new JavaTimeClassDeserializer<>(wire));
        }
        this.regionSerializer = zoneIdSerializer;
        this.streamTimeFirst = new TimeFirst(this, false, migration());
    }

    /** Writes the compact format; reads every format. Give it only to streams whose reader has hessian-time. */
    public static JavaTimeSerializerFactory compact() {
        return new JavaTimeSerializerFactory(true, true, false, null);
    }

    /**
     * Writes the compact format in its unreferenced framing, where a value takes no reference slot (so the same
     * instance twice is written twice); reads every format. Faster per value than {@link #compact()}, but only for
     * streams whose every reader has hessian-time: Dubbo's negotiated {@code hessian2-time} uses it. Any other reader
     * fails visibly on it, as on the compact format.
     */
    public static JavaTimeSerializerFactory compactUnreferenced() {
        return new JavaTimeSerializerFactory(true, false, false, null);
    }

    /**
     * What Dubbo's {@code hessian2-time} writes: {@link #compactUnreferenced()}, and in the
     * {@code SerializerFactory}s from {@link #newSerializerFactory()} the java.time fields of beans written inline,
     * the way hessian-lite writes a {@code Date} field (fields declared {@code Instant}, {@code LocalDateTime},
     * {@code LocalDate}, {@code LocalTime} or {@code OffsetDateTime}, and as their bare payload the fields declared as
     * any other java.time type but {@code ZoneId}; docs/wire-format.md, "Inline fields"). The fastest form, and only for
     * streams whose every reader has hessian-time and reads with a factory of this kind: any other reader fails on
     * the first such bean. Reads every format.
     */
    public static JavaTimeSerializerFactory compactInline() {
        return new JavaTimeSerializerFactory(true, false, true, null);
    }

    /** Writes exactly what stock hessian-lite writes; reads every format. Safe towards any peer. */
    public static JavaTimeSerializerFactory compatible() {
        return new JavaTimeSerializerFactory(false, true, false, null);
    }

    /**
     * This factory, whose {@code SerializerFactory}s convert a bean field's value between {@code java.util.Date},
     * {@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime}, {@code LocalDateTime} and {@code LocalDate} where
     * the stream holds one of them and the reader's class declares the field as another, in {@code zone} where the
     * conversion needs one (a moment to a local date-time, or back): what lets a DTO field change type while writers
     * and readers of both versions talk (docs/dubbo.md, "Moving a DTO field from Date to LocalDateTime in a running
     * fleet"; {@code hessian2-time} takes the zone from the Dubbo property {@code dubbo.application.hessian2-time.zone}).
     * Conversions that need no zone ({@code Instant} and {@code Date} into each other, an {@code OffsetDateTime} or
     * {@code ZonedDateTime} into either or into each other) are made without it; without a zone, one that needs it
     * is an error that says so. {@code null}: no zone. The option of this factory only: no global state.
     */
    public JavaTimeSerializerFactory withMigrationZone(ZoneId zone) {
        return new JavaTimeSerializerFactory(writesCompact, referenced, inlineFields, zone);
    }

    /** The zone of {@link #withMigrationZone}, or {@code null}. */
    public ZoneId migrationZone() {
        return migrationZone;
    }

    private TimeMigration migration() {
        return TimeMigration.of(migrationZone, "JavaTimeSerializerFactory.withMigrationZone");
    }

    /**
     * A new {@code SerializerFactory} (of the context class loader's classes) that reads every java.time format and
     * writes what this factory writes, on hessian-lite 3.2.x and 4.0.x alike. Prefer it to adding this factory to a
     * stock one: see the class comment.
     *
     * <p>Its bean reader is type-safe: no field of a bean it builds ever holds an object its declared type cannot
     * hold, whatever the bytes (a value that does not fit is an {@code IOException} naming the field, or a date-time
     * converted as {@link #withMigrationZone} says); hessian-lite's own reader stores whatever a back reference
     * points at. Otherwise it reads what hessian-lite reads (docs/dubbo.md, "Security").
     */
    public SerializerFactory newSerializerFactory() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return newSerializerFactory(context != null ? context : JavaTimeSerializerFactory.class.getClassLoader());
    }

    /** As {@link #newSerializerFactory()}, for the classes of {@code classLoader}. */
    public SerializerFactory newSerializerFactory(ClassLoader classLoader) {
        return new TimeFirstSerializerFactory(this, classLoader);
    }

    /**
     * A Hessian 2 output for one message that asks this factory first for every java.time value it writes, before
     * hessian-lite's own lookup: the fastest way to write what this factory writes (what Dubbo's {@code hessian2-time}
     * does), on both hessian-lite lines. Give it a {@code SerializerFactory} from {@link #newSerializerFactory()}.
     */
    public Hessian2Output newHessian2Output(OutputStream out) {
        return new TimeFirstHessian2Output(out, streamTimeFirst);
    }

    /**
     * The class names the compact format writes into class definitions, one per java.time type: what a class
     * allowlist (Dubbo's serialize security, for example) must admit for the compact format to be read.
     */
    public static List<String> wireClassNames() {
        List<String> names = new ArrayList<>();
        for (WireType wire : WireType.values()) {
            names.add(wire.wireName());
        }
        return Collections.unmodifiableList(names);
    }

    @Override
    public Serializer getSerializer(Class cl) {
        if (!writesCompact) {
            return null;
        }
        Serializer serializer = serializers.get(cl);
        // ZoneId's region class is not public; any ZoneId that is not a ZoneOffset is a region.
        if (serializer == null && cl != ZoneOffset.class && ZoneId.class.isAssignableFrom(cl)) {
            serializer = regionSerializer;
        }
        return serializer;
    }

    @Override
    public Deserializer getDeserializer(Class cl) {
        Deserializer deserializer = deserializersByClass.get(cl);
        return deserializer != null ? deserializer : deserializersByName.get(cl.getName());
    }

    @Override
    public String toString() {
        return "JavaTimeSerializerFactory[" + (!writesCompact ? "compatible" : referenced ? "compact"
                : inlineFields ? "compactInline" : "compactUnreferenced")
                + (migrationZone != null ? ", migration zone " + migrationZone : "") + "]";
    }

    /** A stock {@code SerializerFactory} that asks hessian-time first ({@link TimeFirst}). */
    private static final class TimeFirstSerializerFactory extends SerializerFactory {
        private final TimeFirst timeFirst;

        TimeFirstSerializerFactory(JavaTimeSerializerFactory time, ClassLoader classLoader) {
            super(classLoader);
            this.timeFirst = new TimeFirst(time, time.inlineFields, time.migration());
            addFactory(time);
        }

        @Override
        public Serializer getSerializer(Class cl) throws HessianProtocolException {
            Serializer serializer = timeFirst.serializer(cl);
            return serializer != null ? serializer : timeFirst.recordSerializer(cl, super.getSerializer(cl));
        }

        @Override
        protected Serializer getDefaultSerializer(Class cl) {
            return timeFirst.beanSerializer(cl, super.getDefaultSerializer(cl));
        }

        @Override
        protected Deserializer getDefaultDeserializer(Class cl) {
            return timeFirst.beanDeserializer(cl, super.getDefaultDeserializer(cl));
        }

        @Override
        public Deserializer getDeserializer(String type) throws HessianProtocolException {
            Deserializer deserializer = timeFirst.deserializer(type, this);
            return deserializer != null ? deserializer : super.getDeserializer(type);
        }

        @Override
        public Deserializer getObjectDeserializer(String type, Class cl) throws HessianProtocolException {
            return timeFirst.objectDeserializer(type, super.getObjectDeserializer(type, cl));
        }

        @Override
        public Deserializer getListDeserializer(String type, Class cl) throws HessianProtocolException {
            return timeFirst.listDeserializer(super.getListDeserializer(type, cl));
        }
    }
}
