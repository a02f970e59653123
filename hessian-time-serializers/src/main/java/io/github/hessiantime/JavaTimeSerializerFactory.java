package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.AbstractSerializerFactory;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.Serializer;
import io.github.hessiantime.codec.CompactSerializer;
import io.github.hessiantime.codec.DurationDeserializer;
import io.github.hessiantime.codec.DurationSerializer;
import io.github.hessiantime.codec.InstantDeserializer;
import io.github.hessiantime.codec.InstantSerializer;
import io.github.hessiantime.codec.LocalDateDeserializer;
import io.github.hessiantime.codec.LocalDateSerializer;
import io.github.hessiantime.codec.LocalDateTimeDeserializer;
import io.github.hessiantime.codec.LocalDateTimeSerializer;
import io.github.hessiantime.codec.LocalTimeDeserializer;
import io.github.hessiantime.codec.LocalTimeSerializer;
import io.github.hessiantime.codec.MonthDayDeserializer;
import io.github.hessiantime.codec.MonthDaySerializer;
import io.github.hessiantime.codec.OffsetDateTimeDeserializer;
import io.github.hessiantime.codec.OffsetDateTimeSerializer;
import io.github.hessiantime.codec.OffsetTimeDeserializer;
import io.github.hessiantime.codec.OffsetTimeSerializer;
import io.github.hessiantime.codec.PeriodDeserializer;
import io.github.hessiantime.codec.PeriodSerializer;
import io.github.hessiantime.codec.TimeDeserializer;
import io.github.hessiantime.codec.TimeDeserializer.Source;
import io.github.hessiantime.codec.WireType;
import io.github.hessiantime.codec.YearDeserializer;
import io.github.hessiantime.codec.YearMonthDeserializer;
import io.github.hessiantime.codec.YearMonthSerializer;
import io.github.hessiantime.codec.YearSerializer;
import io.github.hessiantime.codec.ZoneIdDeserializer;
import io.github.hessiantime.codec.ZoneIdSerializer;
import io.github.hessiantime.codec.ZoneOffsetDeserializer;
import io.github.hessiantime.codec.ZoneOffsetSerializer;
import io.github.hessiantime.codec.ZonedDateTimeDeserializer;
import io.github.hessiantime.codec.ZonedDateTimeSerializer;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The entry point: java.time serializers and deserializers for a hessian-lite {@code SerializerFactory}.
 *
 * <pre>{@code
 * SerializerFactory factory = new SerializerFactory();
 * factory.addFactory(JavaTimeSerializerFactory.compact());   // or compatible()
 * }</pre>
 *
 * <ul>
 *   <li>{@link #compact()} writes the compact format, for peers known to read it.</li>
 *   <li>{@link #compatible()} writes nothing itself, so the output is byte for byte what stock hessian-lite writes.</li>
 * </ul>
 * Both read every format: the compact one, hessian-lite's default "handle" format, and what hessian-lite writes
 * under its global {@code compactMode} property. Instances are immutable and safe to share between threads and
 * between {@code SerializerFactory}s.
 */
public final class JavaTimeSerializerFactory extends AbstractSerializerFactory {

    /** Every java.time type with its serializer and deserializer: the one list of what this library handles. */
    private static final List<Pair> PAIRS = Collections.unmodifiableList(Arrays.asList(
            new Pair(WireType.INSTANT, InstantSerializer::new, InstantDeserializer::new),
            new Pair(WireType.LOCAL_DATE_TIME, LocalDateTimeSerializer::new, LocalDateTimeDeserializer::new),
            new Pair(WireType.LOCAL_DATE, LocalDateSerializer::new, LocalDateDeserializer::new),
            new Pair(WireType.LOCAL_TIME, LocalTimeSerializer::new, LocalTimeDeserializer::new),
            new Pair(WireType.OFFSET_TIME, OffsetTimeSerializer::new, OffsetTimeDeserializer::new),
            new Pair(WireType.OFFSET_DATE_TIME, OffsetDateTimeSerializer::new, OffsetDateTimeDeserializer::new),
            new Pair(WireType.ZONED_DATE_TIME, ZonedDateTimeSerializer::new, ZonedDateTimeDeserializer::new),
            new Pair(WireType.ZONE_ID, ZoneIdSerializer::new, ZoneIdDeserializer::new),
            new Pair(WireType.ZONE_OFFSET, ZoneOffsetSerializer::new, ZoneOffsetDeserializer::new),
            new Pair(WireType.DURATION, DurationSerializer::new, DurationDeserializer::new),
            new Pair(WireType.PERIOD, PeriodSerializer::new, PeriodDeserializer::new),
            new Pair(WireType.YEAR, YearSerializer::new, YearDeserializer::new),
            new Pair(WireType.YEAR_MONTH, YearMonthSerializer::new, YearMonthDeserializer::new),
            new Pair(WireType.MONTH_DAY, MonthDaySerializer::new, MonthDayDeserializer::new)));

    private final boolean writesCompact;
    private final Map<Class<?>, Serializer> serializers = new HashMap<>();
    private final Serializer regionSerializer;
    private final Map<Class<?>, Deserializer> deserializersByClass = new HashMap<>();
    // Wire classes and hessian-lite's handles are matched by name, so a second copy of a class in another
    // class loader (an application server, a test's isolated loader) is still recognised.
    private final Map<String, Deserializer> deserializersByName = new HashMap<>();

    private JavaTimeSerializerFactory(boolean writesCompact) {
        this.writesCompact = writesCompact;
        Serializer zoneIdSerializer = null;
        for (Pair pair : PAIRS) {
            WireType wire = pair.wire;
            if (writesCompact) {
                CompactSerializer<?> serializer = pair.serializer.get();
                if (wire == WireType.ZONE_ID) {
                    zoneIdSerializer = serializer;
                } else {
                    serializers.put(wire.javaType(), serializer);
                }
            }
            deserializersByName.put(wire.wireName(), pair.deserializer.apply(Source.COMPACT));
            deserializersByName.put(wire.handleClassName(), pair.deserializer.apply(Source.HESSIAN_LITE_HANDLE));
            deserializersByClass.put(wire.javaType(), pair.deserializer.apply(Source.JAVA_TIME_CLASS));
        }
        this.regionSerializer = zoneIdSerializer;
    }

    /** Writes the compact format; reads every format. Give it only to streams whose reader has hessian-time. */
    public static JavaTimeSerializerFactory compact() {
        return new JavaTimeSerializerFactory(true);
    }

    /** Writes exactly what stock hessian-lite writes; reads every format. Safe towards any peer. */
    public static JavaTimeSerializerFactory compatible() {
        return new JavaTimeSerializerFactory(false);
    }

    /** Whether this factory writes the compact format. */
    public boolean writesCompact() {
        return writesCompact;
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
        return "JavaTimeSerializerFactory[" + (writesCompact ? "compact" : "compatible") + "]";
    }

    private static final class Pair {
        final WireType wire;
        final Supplier<CompactSerializer<?>> serializer;
        final Function<Source, TimeDeserializer<?>> deserializer;

        Pair(WireType wire, Supplier<CompactSerializer<?>> serializer,
             Function<Source, TimeDeserializer<?>> deserializer) {
            this.wire = wire;
            this.serializer = serializer;
            this.deserializer = deserializer;
        }
    }
}
