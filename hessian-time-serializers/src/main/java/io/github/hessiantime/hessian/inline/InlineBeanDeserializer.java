package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.Deserializer;
import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.hessian.InlineValue;
import io.github.hessiantime.hessian.deser.TimeDeserializer;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads one inline class definition ({@code ht:<class name>}, docs/wire-format.md 1.2). Per instance: the sentinel
 * byte, then the fields as the definition lists them, the inline ones as single values of the type their code says.
 * Where this JVM's class is a bean (the usual case), its type-safe {@link BeanReader} reads the instance: the object
 * is made, referenced and resolved exactly as for a {@code hessian2} stream of the class, each value is checked
 * against the field's declared type, and hidden fields ({@code ^name}) go to the superclass field they name. So the
 * reader's class may declare a field as the same type, a supertype such as {@code Object} or {@code Temporal}, another
 * date-time type it is converted to ({@link TimeMigration}), or not at all (the value is skipped); it may have
 * {@code readResolve}, or be a record.
 *
 * <p>Where this JVM has no such class (or its checks refuse it and hessian-lite then reads a map), the result is the
 * map hessian-lite builds for a missing class: each visible field's name to its value, the inline ones as java.time
 * values. A typed read into a declared {@code Map} gives that map in the declared map class. A class that hessian-lite
 * reads with a reader of its own gets the other fields from that reader and the inline values set by name.
 *
 * <p>Refused with a {@link TimeDecodingException}, never read wrong: a definition that is not this version's, an
 * instance without the sentinel, a value the field cannot hold.
 */
final class InlineBeanDeserializer extends DefinitionReader<InlineBeanDeserializer.InlineLayout> {
    private final String typeName;
    private final Deserializer target;      // null: no such class here; read a map
    private final Class<?> targetClass;
    private final BeanReader bean;          // the target, when it is a bean (the usual case)
    private final TimeMigration migration;

    InlineBeanDeserializer(String typeName, Deserializer target, TimeMigration migration)
            throws TimeDecodingException {
        this.typeName = typeName;
        this.target = target;
        this.targetClass = target != null ? target.getType() : HashMap.class;
        this.bean = target instanceof BeanReader ? (BeanReader) target : null;
        this.migration = migration;
        if (target instanceof TimeDeserializer) {
            throw refused(Problem.MALFORMED_STREAM, "names a java.time wire type, not a bean");
        }
    }

    @Override
    public Class<?> getType() {
        return targetClass;
    }

    /** hessian-lite 4.0.x keeps a reader with readResolve whatever the declared type (3.2.x has no such method). */
    @Override
    public boolean isReadResolve() {
        return bean != null && bean.isReadResolve();
    }

    /** Reads the sentinel byte every instance starts with. */
    static void readSentinel(AbstractHessianInput in, BeanReader reader) throws IOException {
        if (!(in instanceof Hessian2Input)) {
            throw new TimeDecodingException(reader.getType(), Problem.UNSUPPORTED_INPUT,
                    "inline fields are only defined for Hessian 2 streams");
        }
        int sentinel = ((Hessian2Input) in).read();
        if (sentinel != InlineFields.SENTINEL_BYTE) {
            throw new TimeDecodingException(reader.getType(), sentinel < 0 ? Problem.TRUNCATED
                    : Problem.MALFORMED_STREAM, "an instance of an inline class definition starts with 0x"
                    + Integer.toHexString(sentinel) + ", not the sentinel 0x40");
        }
    }

    @Override
    Object read(AbstractHessianInput in, InlineLayout layout) throws IOException {
        if (layout.beanLayout != null) {
            return bean.read(in, layout.beanLayout);
        }
        if (!(in instanceof Hessian2Input)) {
            throw refused(Problem.UNSUPPORTED_INPUT, "inline fields are only defined for Hessian 2 streams");
        }
        Hessian2Input h = (Hessian2Input) in;
        int sentinel = h.read();
        if (sentinel != InlineFields.SENTINEL_BYTE) {
            throw refused(sentinel < 0 ? Problem.TRUNCATED : Problem.MALFORMED_STREAM,
                    "an instance starts with 0x" + Integer.toHexString(sentinel) + ", not the sentinel 0x40");
        }
        if (target == null || Map.class.isAssignableFrom(targetClass)) {
            return readMap(h, layout);
        }
        // a class hessian-lite reads with a reader of its own: it gets the other fields, then the inline ones by name
        Object object = target.readObject(in, layout.others);
        for (int i = 0; i < layout.forms.length; i++) {
            Object value = layout.forms[i].read(h);
            FieldSlot slot = object != null ? layout.slotIn(object.getClass(), i, migration) : null;
            if (slot != null && (value != null || !slot.isPrimitive())) {
                slot.set(object, slot.fit(value));
            }
        }
        return object;
    }

    /** What hessian-lite's map reader does for a missing class (or a declared map), with the inline values decoded. */
    @SuppressWarnings("unchecked")
    private Object readMap(Hessian2Input in, InlineLayout layout) throws IOException {
        Map<Object, Object> map;
        if (target != null) {
            map = (Map<Object, Object>) target.readObject(in, new String[0]);  // the declared map class, referenced
        } else {
            map = new HashMap<>();
            in.addRef(map);
        }
        for (String name : layout.others) {
            Object value = in.readObject();
            if (!name.startsWith(BeanShape.HIDDEN)) {
                map.put(name, value);    // a hidden field's value: a map has one entry per name, the visible one's
            }
        }
        for (int i = 0; i < layout.forms.length; i++) {
            Object value = layout.forms[i].read(in);
            if (!layout.inlineNames[i].startsWith(BeanShape.HIDDEN)) {
                map.put(layout.inlineNames[i], value);
            }
        }
        return map;
    }

    @Override
    InlineLayout parse(Object[] names) throws TimeDecodingException {
        if (names.length == 0 || !(names[0] instanceof String) || !((String) names[0]).startsWith("@")) {
            throw refused(Problem.MALFORMED_STREAM, "fields " + Arrays.toString(names) + " do not start with the "
                    + "sentinel field " + InlineFields.SENTINEL_FIELD);
        }
        if (!InlineFields.SENTINEL_FIELD.equals(names[0])) {
            throw refused(Problem.UNKNOWN_FORMAT_VERSION, "sentinel field " + names[0] + "; this reader knows "
                    + InlineFields.SENTINEL_FIELD);
        }
        int firstInline = 1;
        while (firstInline < names.length && !((String) names[firstInline]).contains(InlineFields.CODE_SEPARATOR)) {
            firstInline++;
        }
        InlineValue[] forms = new InlineValue[names.length];
        String[] fieldNames = new String[names.length];
        for (int i = 1; i < names.length; i++) {
            String name = (String) names[i];
            if (i < firstInline) {
                fieldNames[i] = name;
                continue;
            }
            int separator = name.indexOf(InlineFields.CODE_SEPARATOR);
            InlineValue form = separator < 0 ? null : InlineValue.forCode(name.substring(0, separator));
            if (form == null) {
                throw refused(separator < 0 ? Problem.MALFORMED_STREAM : Problem.UNKNOWN_FORMAT_VERSION, "field "
                        + name + " is not an inline field of this version (codes " + InlineValue.codes()
                        + ") after the first one");
            }
            forms[i] = form;
            fieldNames[i] = name.substring(separator + 1);
        }
        if (bean != null) {
            return new InlineLayout(names, bean.inlineLayout(names, firstInline, forms, fieldNames), null, null,
                    null);
        }
        return new InlineLayout(names, null, Arrays.copyOfRange(fieldNames, 1, firstInline),
                Arrays.copyOfRange(forms, firstInline, names.length),
                Arrays.copyOfRange(fieldNames, firstInline, names.length));
    }

    private TimeDecodingException refused(Problem problem, String detail) {
        return new TimeDecodingException(targetClass, problem, "inline class definition " + typeName + ": " + detail);
    }

    @Override
    public Object readMap(AbstractHessianInput in) throws IOException {
        throw refused(Problem.WRONG_TYPE, "expected an object, found a map");
    }

    @Override
    public Object readList(AbstractHessianInput in, int length) throws IOException {
        throw refused(Problem.WRONG_TYPE, "expected an object, found a list");
    }

    @Override
    public String toString() {
        return "InlineBeanDeserializer[" + typeName + "]";
    }

    /** An inline definition: the bean reader's layout, or the names split for a map or another reader. */
    static final class InlineLayout extends DefinitionReader.Layout {
        final BeanReader.Layout beanLayout;
        final String[] others;          // the fields that are not inline, as named
        final InlineValue[] forms;      // the inline fields' forms and plain names
        final String[] inlineNames;
        // another reader's result class and the slots of its fields, found on first use
        private volatile SlotsOf slots;

        InlineLayout(Object[] names, BeanReader.Layout beanLayout, String[] others, InlineValue[] forms,
                     String[] inlineNames) {
            super(names);
            this.beanLayout = beanLayout;
            this.others = others;
            this.forms = forms;
            this.inlineNames = inlineNames;
        }

        @Override
        InlineLayout forNames(Object[] sameNames) {
            return new InlineLayout(sameNames, beanLayout != null ? beanLayout.forNames(sameNames) : null, others,
                    forms, inlineNames);
        }

        /** The slot for inline field {@code i} in an object of {@code type} made by another reader, or null. */
        FieldSlot slotIn(Class<?> type, int i, TimeMigration migration) {
            SlotsOf known = slots;
            if (known == null || known.type != type) {
                Map<String, Field> fields = BeanShape.fieldsByWireName(type);
                FieldSlot[] found = new FieldSlot[inlineNames.length];
                for (int k = 0; k < inlineNames.length; k++) {
                    Field field = fields.get(inlineNames[k]);
                    found[k] = field != null ? FieldSlot.ofField(field, Object.class, migration) : null;
                }
                known = new SlotsOf(type, found);
                slots = known;
            }
            return known.slots[i];
        }
    }

    private static final class SlotsOf {
        final Class<?> type;
        final FieldSlot[] slots;

        SlotsOf(Class<?> type, FieldSlot[] slots) {
            this.type = type;
            this.slots = slots;
        }
    }
}
