package io.github.hessiantime.hessian.ser;

import com.alibaba.com.caucho.hessian.io.AbstractSerializerFactory;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import com.alibaba.com.caucho.hessian.io.Serializer;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.hessian.JdkCollectionDeserializer;
import io.github.hessiantime.hessian.LengthGuard;
import io.github.hessiantime.hessian.WireType;
import io.github.hessiantime.hessian.inline.InlineFields;
import io.github.hessiantime.hessian.inline.TimeMigration;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * "Ask hessian-time first", the one mechanism behind every {@code SerializerFactory} hessian-time makes (the plain
 * one of {@code JavaTimeSerializerFactory.newSerializerFactory()} and Dubbo's {@code hessian2-time} factories) and
 * behind {@link TimeFirstHessian2Output}. Each factory overrides hessian-lite's lookups with one line that asks this
 * first, for reasons seen on real class paths:
 * <ul>
 *   <li>writing: hessian-lite 3.2.x looks in its own static table of java.time serializers before added factories
 *       (4.0.x does not; there this only skips its lookup for time values);</li>
 *   <li>reading: hessian-lite remembers class names it once failed to load in a JVM-wide static cache, so one refused
 *       {@code ht.Instant} anywhere in the JVM (another factory's allowlist, for example) would make every other
 *       factory read compact values as maps: the 14 wire names are resolved here, exactly, and nothing else;</li>
 *   <li>beans: where hessian-lite picked its default bean reader (after its class checks and Dubbo's), the type-safe
 *       bean reader ({@code inline.BeanReader}), in every factory; where the factory writes inline fields, its bean
 *       serializers (records too) and the readers of inline class definitions;</li>
 *   <li>counts a stream claims: the readers hessian-lite picks for class definitions and arrays refuse or grow
 *       into absurd field counts and lengths instead of allocating them ({@link LengthGuard});</li>
 *   <li>lists of the JDK's common collection classes: made with {@code new}, not by reflection, which walks the stack
 *       where the JIT did not inline it ({@link JdkCollectionDeserializer}).</li>
 * </ul>
 * Everything else is the factory's own. One per factory: the bean readers and writers it keeps are that factory's.
 */
public final class TimeFirst {
    private final AbstractSerializerFactory time;
    private final Map<String, Deserializer> wireReaders;
    private final InlineFields beans;

    /**
     * {@code time}: hessian-time's java.time factory ({@code JavaTimeSerializerFactory}); {@code inlineFields}:
     * whether the factory this serves writes and reads inline fields; {@code migration}: what its bean readers do
     * with a date-time value a field is declared as another date-time type for.
     */
    public TimeFirst(AbstractSerializerFactory time, boolean inlineFields, TimeMigration migration) {
        this.time = time;
        Map<String, Deserializer> readers = new HashMap<>();
        for (WireType wire : WireType.values()) {
            try {
                // our own marker classes, from our own class loader
                readers.put(wire.wireName(), time.getDeserializer(
                        Class.forName(wire.wireName(), false, TimeFirst.class.getClassLoader())));
            } catch (ClassNotFoundException | HessianProtocolException e) {
                throw new IllegalStateException("hessian-time's wire class " + wire.wireName() + " is unusable", e);
            }
        }
        this.wireReaders = Collections.unmodifiableMap(readers);
        this.beans = new InlineFields(inlineFields, migration);
    }

    /** hessian-time's serializer of {@code cl}, or {@code null}: hessian-lite's. */
    public Serializer serializer(Class<?> cl) throws HessianProtocolException {
        return time.getSerializer(cl);
    }

    /**
     * The reader of a class definition named {@code type} that hessian-time resolves itself (a wire name, an inline
     * definition, resolving its class through {@code factory}), or {@code null}: hessian-lite's.
     */
    public Deserializer deserializer(String type, SerializerFactory factory) throws HessianProtocolException {
        Deserializer reader = wireReaders.get(type);
        if (reader == null && InlineFields.isInlineType(type)) {
            reader = beans.deserializer(type, factory);
        }
        return reader;
    }

    /** The bean serializer to use where hessian-lite chose {@code stock} for {@code cl}. */
    public Serializer beanSerializer(Class<?> cl, Serializer stock) {
        return beans.serializer(cl, stock);
    }

    /**
     * The serializer to use where hessian-lite's own lookup gave {@code stock} for {@code cl}: for a record written
     * inline, its inline serializer (hessian-lite 4.0.x picks its record serializer without
     * {@code getDefaultSerializer}); else {@code stock} (one class comparison).
     */
    public Serializer recordSerializer(Class<?> cl, Serializer stock) {
        return beans.recordSerializer(cl, stock);
    }

    /** The bean reader to use where hessian-lite chose {@code stock}, its default, for {@code cl}. */
    public Deserializer beanDeserializer(Class<?> cl, Deserializer stock) {
        return beans.deserializer(cl, stock);
    }

    /** The reader to use where hessian-lite chose {@code chosen} to read definition {@code type} into a declared class. */
    public Deserializer objectDeserializer(String type, Deserializer chosen) throws HessianProtocolException {
        return LengthGuard.forDefinition(beans.readerInto(type, chosen));
    }

    /**
     * The reader to use where hessian-lite chose {@code chosen} to read a list or array: its array readers wrapped
     * so that a stream's length is never allocated before the elements are there ({@link LengthGuard}), its readers
     * of the JDK's common collections making them without reflection ({@link JdkCollectionDeserializer}).
     */
    public Deserializer listDeserializer(Deserializer chosen) {
        return LengthGuard.forList(JdkCollectionDeserializer.forList(chosen));
    }
}
