package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import com.alibaba.com.caucho.hessian.io.Serializer;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The bean hooks of one {@code SerializerFactory} that hessian-time makes: the type-safe {@link BeanReader} of every
 * bean class, and, where the factory writes inline fields, its inline bean serializers and the readers of inline class
 * definitions. Each is built once per class or type name and kept by this factory only (no global state).
 *
 * <p>A factory hooks it in at places both hessian-lite lines have: {@code getDefaultDeserializer} and
 * {@code getDefaultSerializer}, where hessian-lite picks its bean reader and writer (after its class checks and
 * Dubbo's, which run first and unchanged); {@code getDeserializer(String)}, for the type names that start with
 * {@link #TYPE_PREFIX}; {@code getObjectDeserializer(String, Class)}, where hessian-lite reads an object into a
 * declared class instead; and {@code getSerializer}, for records, which hessian-lite 4.0.x writes without asking
 * {@code getDefaultSerializer}.
 */
public final class InlineFields {
    /** Type names of inline class definitions: {@code ht:} and the bean's class name, which no Java class has. */
    public static final String TYPE_PREFIX = "ht:";
    /** The first field of every inline class definition; its name is the format version. */
    static final String SENTINEL_FIELD = "@1";
    /** Written as the sentinel field's value in every instance: the byte 0x40, which no Hessian 2 reader accepts. */
    static final String SENTINEL_VALUE = "@";
    static final int SENTINEL_BYTE = 0x40;
    /** Separates the form's code from the field name: {@code "I:createdAt"}. */
    static final String CODE_SEPARATOR = ":";

    private final boolean writesInline;
    private final TimeMigration migration;
    // One serializer per class: a stream keys class definitions by the identity of their type name, so two inline
    // serializers of one class (hessian-lite builds serializers without locking) would define it twice in a stream.
    private final Map<Class<?>, Serializer> serializers = new ConcurrentHashMap<>();
    private final Map<String, Deserializer> readers = new ConcurrentHashMap<>();
    // type name and declared class name: readers of an inline definition into another class (see readerInto)
    private final Map<String, Deserializer> readersInto = new ConcurrentHashMap<>();

    /**
     * {@code writesInline}: whether the factory writes (and reads) inline fields; {@code migration}: what its bean
     * readers do with a value a field cannot hold.
     */
    public InlineFields(boolean writesInline, TimeMigration migration) {
        this.writesInline = writesInline;
        this.migration = migration;
    }

    /**
     * The serializer to use for a bean class that hessian-lite would write with {@code stock}: the inline one where the
     * class has inline fields, else hessian-lite's own with its class definition copied ({@link StockBeanSerializer}),
     * else {@code stock}.
     */
    public Serializer serializer(Class<?> cl, Serializer stock) {
        if (!writesInline) {
            return stock;
        }
        Serializer known = serializers.get(cl);
        if (known != null) {
            return known;
        }
        Serializer chosen = InlineBeanSerializer.forClass(cl, stock);
        if (chosen == null) {
            chosen = StockBeanSerializer.wrapping(cl, stock);
        }
        if (chosen == null) {
            chosen = stock;
        }
        Serializer earlier = serializers.putIfAbsent(cl, chosen);
        return earlier != null ? earlier : chosen;
    }

    /**
     * The serializer to use where hessian-lite's lookup gave {@code stock} for {@code cl}: the inline serializer of a
     * record (hessian-lite 4.0.x writes records with its own record serializer, without asking
     * {@code getDefaultSerializer}), else {@code stock}. One class comparison for any other class.
     */
    public Serializer recordSerializer(Class<?> cl, Serializer stock) {
        return writesInline && BeanShape.isRecord(cl) ? serializer(cl, stock) : stock;
    }

    /** The reader to use for a bean class that hessian-lite would read with {@code stock}. */
    public Deserializer deserializer(Class<?> cl, Deserializer stock) {
        BeanReader reader = BeanReader.replacing(cl, stock, migration);
        return reader != null ? reader : stock;
    }

    /** Whether {@code type} names an inline class definition, read by {@link #deserializer(String, SerializerFactory)}. */
    public static boolean isInlineType(String type) {
        return type != null && type.startsWith(TYPE_PREFIX);
    }

    /**
     * The reader of the inline class definition {@code type}, or {@code null} where this factory does not read inline
     * fields. The bean class is resolved by {@code factory} exactly as a {@code hessian2} stream resolves it (its
     * class checks, its handling of unknown classes); a class it does not resolve is read as a map, as hessian-lite
     * reads a missing class.
     */
    public Deserializer deserializer(String type, SerializerFactory factory) throws HessianProtocolException {
        if (!writesInline) {
            return null;
        }
        Deserializer reader = readers.get(type);
        if (reader != null) {
            return reader;
        }
        String className = type.substring(TYPE_PREFIX.length());
        if (isInlineType(className)) {
            throw new TimeDecodingException(Object.class, Problem.MALFORMED_STREAM, "class definition " + type
                    + " names an inline type inside an inline type");
        }
        Deserializer bean = factory.getDeserializer(className);
        reader = new InlineBeanDeserializer(type, bean, migration);
        Deserializer earlier = readers.putIfAbsent(type, reader);
        return earlier != null ? earlier : reader;
    }

    /**
     * What to read an object of class definition {@code type} with, given {@code chosen}, the reader hessian-lite's
     * {@code getObjectDeserializer(type, declared)} picked. Where the declared class cannot hold the definition's
     * class (another class with the same fields, or a class this JVM lacks), hessian-lite reads the fields by name
     * into the declared class with that class's own reader; for an inline definition that reader is wrapped, so the
     * declared class gets the inline fields by name too, as over {@code hessian2}.
     */
    public Deserializer readerInto(String type, Deserializer chosen) throws TimeDecodingException {
        if (!writesInline || !isInlineType(type) || chosen instanceof InlineBeanDeserializer) {
            return chosen;
        }
        String key = type + '\u0000' + chosen.getType().getName();
        Deserializer reader = readersInto.get(key);
        if (reader == null) {
            reader = new InlineBeanDeserializer(type, chosen, migration);
            Deserializer earlier = readersInto.putIfAbsent(key, reader);
            reader = earlier != null ? earlier : reader;
        }
        return reader;
    }
}
