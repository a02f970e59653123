package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.HessianProtocolException;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.hessian.InlineValue;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The type-safe reader of one bean class, in place of hessian-lite's own ({@code UnsafeDeserializer},
 * {@code JavaDeserializer}, {@code RecordDeserializer}) in every {@code SerializerFactory} hessian-time makes. It is
 * chosen where hessian-lite chooses its default bean reader, after hessian-lite's and Dubbo's class checks, so every
 * class it builds was checked exactly as over {@code hessian2}; classes with a reader of their own (hessian-lite's
 * built-ins, those registered in {@code META-INF/dubbo/hessian/deserializers}, enums, collections, maps) keep it.
 *
 * <p>It reads what hessian-lite's reader reads, the same way: the object is made as hessian-lite's chosen reader makes
 * it ({@code Unsafe.allocateInstance}, or the cheapest constructor with nulls and zeros), takes its reference slot
 * first, gets each field by name (the first found from the class upwards; fields the stream lacks keep their
 * defaults, names the class lacks are skipped), and {@code readResolve} runs after all fields are set; a record is
 * made by its canonical constructor. What differs: every value is checked against its field's declared type at the
 * moment it is set ({@link FieldSlot}), so no field ever holds an object its type cannot hold; a value that does not
 * fit goes to the one hook for that ({@link TimeMigration}: a date-time converted, anything else a clear
 * {@code IOException} naming the class, the field, its type and what the stream held). The class definition's names
 * are parsed once per definition into a layout, not looked up per instance.
 *
 * <p>It also reads inline class definitions ({@code ht:}, docs/wire-format.md 1.2) of its class, through
 * {@link InlineBeanDeserializer}: the same fields, some of them inline values, and hidden fields ({@code ^name}).
 */
final class BeanReader extends DefinitionReader<BeanReader.Layout> {
    private final Class<?> type;
    private final Map<String, FieldSlot> slots = new HashMap<>();
    private final Method readResolve;
    // exactly one of these three makes the object
    private final boolean allocates;            // Unsafe.allocateInstance, as hessian-lite's Unsafe reader
    private final Constructor<?> constructor;   // as hessian-lite's reflective reader, with arguments
    private final Object[] constructorArguments;
    private final RecordShape record;           // a record: its canonical constructor
    private final Object[] componentDefaults;
    private final int[] primitiveComponents;    // where componentDefaults holds a zero, not a null

    private BeanReader(Class<?> type, Class<?> chosen, TimeMigration migration) {
        this.type = type;
        if (BeanShape.isRecord(type)) {
            record = RecordShape.of(type);
            componentDefaults = new Object[record.names.length];
            int[] primitives = new int[record.names.length];
            int primitiveCount = 0;
            for (int i = 0; i < record.names.length; i++) {
                componentDefaults[i] = BeanShape.defaultValue(record.types[i]);
                if (record.types[i].isPrimitive()) {
                    primitives[primitiveCount++] = i;
                }
                Field field = declaredField(type, record.names[i]);
                slots.put(record.names[i], FieldSlot.ofComponent(field, record.types[i], i, migration));
            }
            primitiveComponents = Arrays.copyOf(primitives, primitiveCount);
            readResolve = null;         // hessian-lite 4.0.x builds records without it
            allocates = false;
            constructor = null;
            constructorArguments = null;
            return;
        }
        record = null;
        componentDefaults = null;
        primitiveComponents = null;
        for (Map.Entry<String, Field> entry : BeanShape.fieldsByWireName(type).entrySet()) {
            slots.put(entry.getKey(), FieldSlot.ofField(entry.getValue(), chosen, migration));
        }
        readResolve = BeanShape.hook(type, "readResolve");
        if (readResolve != null) {
            readResolve.setAccessible(true);
        }
        allocates = FieldAccess.usesUnsafe(chosen);
        constructor = allocates ? null : BeanShape.cheapestConstructor(type);
        if (constructor != null) {
            constructor.setAccessible(true);
            Class<?>[] parameters = constructor.getParameterTypes();
            constructorArguments = new Object[parameters.length];
            for (int i = 0; i < parameters.length; i++) {
                constructorArguments[i] = BeanShape.defaultValue(parameters[i]);
            }
        } else {
            constructorArguments = new Object[0];
        }
    }

    /**
     * The type-safe reader of {@code type} where hessian-lite chose {@code stock}, its default bean reader; {@code null}
     * where {@code stock} is something else (kept).
     */
    static BeanReader replacing(Class<?> type, Deserializer stock, TimeMigration migration) {
        String name = stock.getClass().getName();
        boolean beanReader = name.endsWith(".UnsafeDeserializer") || name.endsWith(".JavaDeserializer")
                || name.endsWith(".RecordDeserializer");
        if (!beanReader || !name.startsWith("com.alibaba.com.caucho.hessian.io.")) {
            return null;
        }
        // A class reflection cannot take apart fails here, as hessian-lite's own reader fails for it (hessian-lite
        // then reads a definition of it as a map); never hessian-lite's unchecked reader instead.
        return new BeanReader(type, stock.getClass(), migration);
    }

    private static Field declaredField(Class<?> type, String name) {
        try {
            return type.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("record " + type.getName() + " has no field " + name, e);
        }
    }

    @Override
    public Class<?> getType() {
        return type;
    }

    @Override
    public boolean isReadResolve() {
        return readResolve != null;
    }

    /** The slot for a field name of a class definition (hidden fields marked, {@link BeanShape#HIDDEN}), or null. */
    FieldSlot slot(String wireName) {
        return slots.get(wireName);
    }

    String name() {
        return type.getName();
    }

    // ------------------------------------------------------------------ plain class definitions

    @Override
    Layout parse(Object[] names) throws IOException {
        WireField[] fields = new WireField[names.length];
        for (int i = 0; i < names.length; i++) {
            FieldSlot slot = names[i] instanceof String ? slots.get(names[i]) : null;
            fields[i] = slot != null ? new Plain(slot) : Skip.INSTANCE;
        }
        return layout(names, fields, false);
    }

    /**
     * A layout of these fields. For a record, whether they are its components, each once and in their order: a record's
     * own class definition, plain or inline (its inline fields are its last components), read through
     * {@link RecordShape#construct} without an arguments array.
     */
    private Layout layout(Object[] names, WireField[] fields, boolean inline) {
        boolean inComponentOrder = record != null && record.construct != null
                && fields.length == record.names.length;
        for (int i = 0; inComponentOrder && i < fields.length; i++) {
            inComponentOrder = fields[i].component() == i;
        }
        return new Layout(names, fields, inline, inComponentOrder);
    }

    @Override
    Object read(AbstractHessianInput in, Layout layout) throws IOException {
        if (layout.inline) {
            InlineBeanDeserializer.readSentinel(in, this);
        }
        if (record != null) {
            return readRecord(in, layout);
        }
        Object bean = instantiate();
        int ref = in.addRef(bean);
        for (WireField field : layout.fields) {
            field.readInto(in, bean);
        }
        return resolve(in, bean, ref);
    }

    private Object readRecord(AbstractHessianInput in, Layout layout) throws IOException {
        // the slot first, as hessian-lite's record reader: a reference to the record inside itself reads as null
        int ref = in.addRef(null);
        Object made = layout.inComponentOrder ? construct(in, layout.fields) : make(readArguments(in, layout.fields));
        in.setRef(ref, made);
        return made;
    }

    private Object[] readArguments(AbstractHessianInput in, WireField[] fields) throws IOException {
        Object[] arguments = defaultArguments();
        for (WireField field : fields) {
            field.readComponent(in, arguments);
        }
        return arguments;
    }

    /**
     * The record of {@code fields}, its components in their order, each value read (in the stream's order) and passed
     * straight to the canonical constructor: no arguments array per record, which a profile of reading a page of
     * records put at about 4 % of reading it beside the same page of classes (issue 30). One call per arity, as
     * {@code invokeExact} takes its arguments one by one.
     */
    private Object construct(AbstractHessianInput in, WireField[] f) throws IOException {
        // read first, in the stream's order, so a failure to read names its field, never the constructor
        int n = f.length;
        Object a0 = n > 0 ? f[0].argument(in) : null;
        Object a1 = n > 1 ? f[1].argument(in) : null;
        Object a2 = n > 2 ? f[2].argument(in) : null;
        Object a3 = n > 3 ? f[3].argument(in) : null;
        Object a4 = n > 4 ? f[4].argument(in) : null;
        Object a5 = n > 5 ? f[5].argument(in) : null;
        Object a6 = n > 6 ? f[6].argument(in) : null;
        Object a7 = n > 7 ? f[7].argument(in) : null;
        Object a8 = n > 8 ? f[8].argument(in) : null;
        Object a9 = n > 9 ? f[9].argument(in) : null;
        MethodHandle c = record.construct;
        try {
            switch (n) {
                case 0: return (Object) c.invokeExact();
                case 1: return (Object) c.invokeExact(a0);
                case 2: return (Object) c.invokeExact(a0, a1);
                case 3: return (Object) c.invokeExact(a0, a1, a2);
                case 4: return (Object) c.invokeExact(a0, a1, a2, a3);
                case 5: return (Object) c.invokeExact(a0, a1, a2, a3, a4);
                case 6: return (Object) c.invokeExact(a0, a1, a2, a3, a4, a5);
                case 7: return (Object) c.invokeExact(a0, a1, a2, a3, a4, a5, a6);
                case 8: return (Object) c.invokeExact(a0, a1, a2, a3, a4, a5, a6, a7);
                case 9: return (Object) c.invokeExact(a0, a1, a2, a3, a4, a5, a6, a7, a8);
                default: return (Object) c.invokeExact(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9);
            }
        } catch (Throwable e) {
            throw constructorThrew(e);
        }
    }

    /**
     * The canonical constructor's arguments before any is read: nulls, and zeros where a component is primitive. A new
     * array with the zeros set, not a clone of {@code componentDefaults}: a clone is an array-copy call per record,
     * which the profile of a records page showed as a visible share of reading it (issue 30).
     */
    private Object[] defaultArguments() {
        Object[] arguments = new Object[componentDefaults.length];
        for (int i : primitiveComponents) {
            arguments[i] = componentDefaults[i];
        }
        return arguments;
    }

    /** The record of these checked component values, made by its canonical constructor. */
    private Object make(Object[] arguments) throws HessianProtocolException {
        try {
            return record.make(arguments);
        } catch (Throwable e) {
            throw constructorThrew(e);
        }
    }

    // what the constructor threw (it may refuse a value): the record could not be made, as hessian-lite says
    private HessianProtocolException constructorThrew(Throwable e) {
        return new HessianProtocolException("record " + type.getName() + ": its canonical constructor threw " + e, e);
    }

    /** A typed read of this class from a map ({@code H}/{@code M}): the entries by field name. */
    @Override
    public Object readMap(AbstractHessianInput in) throws IOException {
        if (record != null) {
            int ref = in.addRef(null);
            Object[] arguments = defaultArguments();
            while (!in.isEnd()) {
                FieldSlot slot = slotForKey(in.readObject());
                if (slot != null) {
                    arguments[slot.component] = slot.readValue(in);
                } else {
                    in.readObject();
                }
            }
            in.readMapEnd();
            Object made = make(arguments);
            in.setRef(ref, made);
            return made;
        }
        Object bean = instantiate();
        int ref = in.addRef(bean);
        while (!in.isEnd()) {
            FieldSlot slot = slotForKey(in.readObject());
            if (slot != null) {
                slot.readInto(in, bean);
            } else {
                in.readObject();
            }
        }
        in.readMapEnd();
        return resolve(in, bean, ref);
    }

    private FieldSlot slotForKey(Object key) {
        return key instanceof String ? slots.get(key) : null;
    }

    @Override
    public Object readMap(AbstractHessianInput in, Class<?> keyType, Class<?> valueType) throws IOException {
        return readMap(in);
    }

    @Override
    public Object readList(AbstractHessianInput in, int length) throws IOException {
        throw new HessianProtocolException(type.getName() + ": expected an object, the stream holds a list");
    }

    @Override
    public Object readList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        return readList(in, length);
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length) throws IOException {
        return readList(in, length);
    }

    @Override
    public Object readLengthList(AbstractHessianInput in, int length, Class<?> expectType) throws IOException {
        return readList(in, length);
    }

    private Object instantiate() throws IOException {
        try {
            if (allocates) {
                return FieldAccess.allocateInstance(type);
            }
            if (constructor != null) {
                return constructor.newInstance(constructorArguments);
            }
            return type.getDeclaredConstructor().newInstance();
        } catch (Exception | LinkageError e) {
            throw new HessianProtocolException("'" + type.getName() + "' could not be instantiated", e);
        }
    }

    private Object resolve(AbstractHessianInput in, Object bean, int ref) throws IOException {
        if (readResolve == null) {
            return bean;
        }
        Object resolved;
        try {
            resolved = readResolve.invoke(bean);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) {
                throw (IOException) cause;
            }
            throw new HessianProtocolException(type.getName() + ".readResolve threw " + cause, cause);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new HessianProtocolException(type.getName() + ".readResolve cannot be called: " + e, e);
        }
        if (resolved != bean) {
            in.setRef(ref, resolved);
        }
        return resolved;
    }

    @Override
    public String toString() {
        return "BeanReader[" + type.getName() + "]";
    }

    // ------------------------------------------------------------------ layouts

    static final class Layout extends DefinitionReader.Layout {
        final WireField[] fields;
        final boolean inline;
        final boolean inComponentOrder;     // a record's components, each once, in their order

        Layout(Object[] names, WireField[] fields, boolean inline, boolean inComponentOrder) {
            super(names);
            this.fields = fields;
            this.inline = inline;
            this.inComponentOrder = inComponentOrder;
        }

        @Override
        Layout forNames(Object[] sameNames) {
            return new Layout(sameNames, fields, inline, inComponentOrder);
        }
    }

    /** One field of a class definition: where its value goes. */
    abstract static class WireField {
        abstract void readInto(AbstractHessianInput in, Object bean) throws IOException;

        abstract void readComponent(AbstractHessianInput in, Object[] arguments) throws IOException;

        /** The record component this field's value is for, or -1. */
        abstract int component();

        /**
         * This field's value as the argument of its component: what {@link #readComponent} leaves in the arguments
         * where the component starts at its default (a zero, not a null, where it is primitive).
         */
        abstract Object argument(AbstractHessianInput in) throws IOException;
    }

    /** A field the reader's class lacks: its value is read and dropped, as hessian-lite does. */
    static final class Skip extends WireField {
        static final Skip INSTANCE = new Skip();

        @Override
        void readInto(AbstractHessianInput in, Object bean) throws IOException {
            in.readObject();
        }

        @Override
        void readComponent(AbstractHessianInput in, Object[] arguments) throws IOException {
            in.readObject();
        }

        @Override
        int component() {
            return -1;
        }

        @Override
        Object argument(AbstractHessianInput in) throws IOException {
            in.readObject();
            return null;
        }
    }

    /** A field written as hessian-lite writes it, into a field of the reader's class. */
    static final class Plain extends WireField {
        private final FieldSlot slot;

        Plain(FieldSlot slot) {
            this.slot = slot;
        }

        @Override
        void readInto(AbstractHessianInput in, Object bean) throws IOException {
            slot.readInto(in, bean);
        }

        @Override
        void readComponent(AbstractHessianInput in, Object[] arguments) throws IOException {
            arguments[slot.component] = slot.readValue(in);
        }

        @Override
        int component() {
            return slot.component;
        }

        @Override
        Object argument(AbstractHessianInput in) throws IOException {
            return slot.readValue(in);  // a primitive's value is never null (a Hessian null reads as its zero)
        }
    }

    /** An inline java.time value ({@code I:at}), into a field of the reader's class ({@code slot}), or skipped. */
    static final class Inline extends WireField {
        private final InlineValue form;
        private final FieldSlot slot;       // null: skipped
        // each form reads values of exactly its (final) type, so whether the field holds them is known here
        private final boolean holdsValues;
        private final boolean primitive;
        private final Object absent;        // the argument for a null: the component's zero where it is primitive

        Inline(InlineValue form, FieldSlot slot) {
            this.form = form;
            this.slot = slot;
            this.holdsValues = slot != null && slot.declared.isAssignableFrom(form.type());
            this.primitive = slot != null && slot.isPrimitive();
            this.absent = primitive ? BeanShape.defaultValue(slot.declared) : null;
        }

        @Override
        void readInto(AbstractHessianInput in, Object bean) throws IOException {
            Object value = form.read((Hessian2Input) in);
            if (slot == null) {
                return;     // the reader's class has no such field: skipped
            }
            if (value == null) {
                if (primitive) {
                    return; // a null leaves a primitive field at its default, as hessian-lite's readers do
                }
            } else if (!holdsValues) {
                value = slot.fit(value);
            }
            slot.set(bean, value);
        }

        @Override
        void readComponent(AbstractHessianInput in, Object[] arguments) throws IOException {
            Object value = form.read((Hessian2Input) in);
            if (slot == null || (value == null && primitive)) {
                return;
            }
            arguments[slot.component] = value == null || holdsValues ? value : slot.fit(value);
        }

        @Override
        int component() {
            return slot == null ? -1 : slot.component;
        }

        @Override
        Object argument(AbstractHessianInput in) throws IOException {
            Object value = form.read((Hessian2Input) in);
            if (slot == null || value == null) {
                return slot == null ? null : absent;
            }
            return holdsValues ? value : slot.fit(value);
        }
    }

    /** The layout of an inline class definition of this class (sentinel already checked by the caller). */
    Layout inlineLayout(Object[] names, int firstInline, InlineValue[] forms, String[] fieldNames) {
        WireField[] fields = new WireField[names.length - 1];
        for (int i = 1; i < names.length; i++) {
            FieldSlot slot = slots.get(fieldNames[i]);
            if (i < firstInline) {
                fields[i - 1] = slot != null ? new Plain(slot) : Skip.INSTANCE;
            } else {
                fields[i - 1] = new Inline(forms[i], slot);
            }
        }
        return layout(names, fields, true);
    }

    /** Refuses reading {@code problem} for an inline definition of this class. */
    TimeDecodingException refused(String typeName, Problem problem, String detail) {
        return new TimeDecodingException(type, problem, "inline class definition " + typeName + ": " + detail);
    }
}
