package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.AbstractDeserializer;
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
 * Reads one inline class definition ({@code ht:<class name>}). Per instance: the sentinel byte; then the fields that
 * are not inline, handed to hessian-lite's own bean reader of the class, which creates the object exactly as over
 * {@code hessian2} (its constructor or allocation, its reference slot, its field setters, class evolution by name);
 * then the inline values, each of the type its field name says, set on the object where the class has a field of
 * that name that can hold it. So the reader's class may declare the field as the same type, as a supertype such as
 * {@code Object} or {@code Temporal}, or not at all (the value is skipped).
 *
 * <p>Where this JVM has no such class (or its checks refuse it and hessian-lite then reads a map), the result is the
 * map hessian-lite builds for a missing class: each field name to its value, the inline ones as java.time values.
 *
 * <p>Refused with a {@link TimeDecodingException}, never read wrong: a reader's class that declares the field as a
 * type that cannot hold the value, a reader's class with {@code readResolve} (the inline values are set after
 * hessian-lite's reader has returned, so they would miss the resolved object), a record, a class definition that is
 * not this version's.
 */
final class InlineBeanDeserializer extends AbstractDeserializer {
    private final String typeName;
    private final Deserializer bean;       // null: no such class here; read a map
    private final Class<?> beanClass;
    // inline values are set after hessian-lite's reader returns: a resolved object or a record would miss them
    private final boolean refusesInlineFields;
    // hessian-lite 3.2.x hands every instance of a definition the same names array: one identity check instead of
    // parsing them. Racy on purpose: a stale layout only means comparing the names again.
    private volatile Layout last;

    InlineBeanDeserializer(String typeName, Deserializer bean) throws TimeDecodingException {
        this.typeName = typeName;
        this.bean = bean;
        this.beanClass = bean != null ? bean.getType() : HashMap.class;
        this.refusesInlineFields = bean != null
                && (BeanShape.hasHook(beanClass, "readResolve") || BeanShape.isRecord(beanClass));
        if (bean instanceof TimeDeserializer) {
            throw refused(Problem.MALFORMED_STREAM, "names a java.time wire type, not a bean");
        }
    }

    @Override
    public Class<?> getType() {
        return beanClass;
    }

    /**
     * hessian-lite 4.0.x builds each class definition's fields once per definition: the names (which
     * {@code createField} keeps), and one slot more, where the first instance leaves the parsed layout for the others
     * of its stream.
     */
    public Object[] createFields(int length) {
        return new Object[length + 1];
    }

    /** hessian-lite 4.0.x: the array of {@link #createFields}. */
    public Object readObject(AbstractHessianInput in, Object[] fields) throws IOException {
        int length = fields.length - 1;
        Object known = fields[length];
        if (known instanceof Layout) {
            return read(in, (Layout) known);
        }
        Layout layout = layout(Arrays.copyOf(fields, length));
        fields[length] = layout;
        return read(in, layout);
    }

    /**
     * hessian-lite 3.2.x; and 4.0.x for a typed read whose declared type is not the definition's class, where this
     * reader was made for the declared class ({@link InlineFields#readerInto}).
     */
    @Override
    public Object readObject(AbstractHessianInput in, String[] fieldNames) throws IOException {
        return read(in, layout(fieldNames));
    }

    private Object read(AbstractHessianInput in, Layout layout) throws IOException {
        if (!(in instanceof Hessian2Input)) {
            throw refused(Problem.UNSUPPORTED_INPUT, "inline fields are only defined for Hessian 2 streams");
        }
        Hessian2Input h = (Hessian2Input) in;
        int sentinel = h.read();
        if (sentinel != InlineFields.SENTINEL_BYTE) {
            throw refused(sentinel < 0 ? Problem.TRUNCATED : Problem.MALFORMED_STREAM,
                    "an instance starts with 0x" + Integer.toHexString(sentinel) + ", not the sentinel 0x40");
        }
        if (bean == null) {
            return readMap(h, layout);
        }
        // hessian-lite creates the object, takes its reference slot and reads the other fields
        Object object = bean.readObject(in, layout.beanFields);
        for (InlineField field : layout.inline) {
            field.readInto(h, object);
        }
        return object;
    }

    /** What hessian-lite's map reader does for a missing class, with the inline values decoded. */
    private Object readMap(Hessian2Input in, Layout layout) throws IOException {
        Map<Object, Object> map = new HashMap<>();
        in.addRef(map);
        for (String name : layout.beanFields) {
            map.put(name, in.readObject());
        }
        for (InlineField field : layout.inline) {
            map.put(field.name, field.form.read(in));
        }
        return map;
    }

    private Layout layout(Object[] names) throws TimeDecodingException {
        Layout known = last;
        if (known != null && known.names == names) {
            return known;
        }
        Layout layout = known != null && Arrays.equals(known.names, names) ? known.forNames(names) : parse(names);
        last = layout;
        return layout;
    }

    private Layout parse(Object[] names) throws TimeDecodingException {
        if (names.length == 0 || !(names[0] instanceof String) || !((String) names[0]).startsWith("@")) {
            throw refused(Problem.MALFORMED_STREAM, "fields " + Arrays.toString(names) + " do not start with the "
                    + "sentinel field " + InlineFields.SENTINEL_FIELD);
        }
        if (!InlineFields.SENTINEL_FIELD.equals(names[0])) {
            throw refused(Problem.UNKNOWN_FORMAT_VERSION, "sentinel field " + names[0] + "; this reader knows "
                    + InlineFields.SENTINEL_FIELD);
        }
        if (refusesInlineFields) {
            throw refused(Problem.TYPE_MISMATCH, "this JVM's " + beanClass.getName() + " has readResolve or is a "
                    + "record, which inline fields cannot be set on");
        }
        int firstInline = 1;
        while (firstInline < names.length && !((String) names[firstInline]).contains(InlineFields.CODE_SEPARATOR)) {
            firstInline++;
        }
        String[] beanFields = new String[firstInline - 1];
        for (int i = 1; i < firstInline; i++) {
            beanFields[i - 1] = (String) names[i];
        }
        InlineField[] inline = new InlineField[names.length - firstInline];
        for (int i = firstInline; i < names.length; i++) {
            String name = (String) names[i];
            int separator = name.indexOf(InlineFields.CODE_SEPARATOR);
            InlineValue form = separator < 0 ? null : InlineValue.forCode(name.substring(0, separator));
            if (form == null) {
                throw refused(separator < 0 ? Problem.MALFORMED_STREAM : Problem.UNKNOWN_FORMAT_VERSION, "field "
                        + name + " is not an inline field of this version (codes " + InlineValue.codes()
                        + ") after the first one");
            }
            String fieldName = name.substring(separator + 1);
            Field field = bean != null ? BeanShape.readableField(beanClass, fieldName) : null;
            FieldAccess access = null;
            if (field != null) {
                try {
                    access = FieldAccess.of(field, bean.getClass());
                } catch (RuntimeException e) {
                    throw refused(Problem.TYPE_MISMATCH, "field " + fieldName + " cannot be opened: " + e);
                }
            }
            inline[i - firstInline] = new InlineField(fieldName, form, access);
        }
        return new Layout(names, beanFields, inline);
    }

    private TimeDecodingException refused(Problem problem, String detail) {
        return new TimeDecodingException(beanClass, problem, "inline class definition " + typeName + ": " + detail);
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

    /** A class definition's field names, split into hessian-lite's part and the inline part. */
    private static final class Layout {
        final Object[] names;
        final String[] beanFields;
        final InlineField[] inline;

        Layout(Object[] names, String[] beanFields, InlineField[] inline) {
            this.names = names;
            this.beanFields = beanFields;
            this.inline = inline;
        }

        Layout forNames(Object[] sameNames) {
            return new Layout(sameNames, beanFields, inline);
        }
    }

    /** One inline value and the field of this JVM's class that receives it ({@code null}: skipped). */
    private static final class InlineField {
        final String name;
        final InlineValue form;
        final FieldAccess access;
        final Class<?> fieldType;
        // Each form reads values of exactly its type (a final class), so whether the field holds them is known here.
        final boolean holdsValues;

        InlineField(String name, InlineValue form, FieldAccess access) {
            this.name = name;
            this.form = form;
            this.access = access;
            this.fieldType = access != null ? access.field.getType() : null;
            this.holdsValues = fieldType != null && fieldType.isAssignableFrom(form.type());
        }

        void readInto(Hessian2Input in, Object object) throws IOException {
            Object value = form.read(in);
            if (access == null) {
                return;         // the reader's class has no such field: skipped, as hessian-lite skips one
            }
            if (value == null) {
                // a null leaves a primitive field at its default, as hessian-lite's readers do
                if (!fieldType.isPrimitive()) {
                    set(object, null);
                }
                return;
            }
            // checked for both accessors: Unsafe would store a value of any type
            if (!holdsValues) {
                throw new TimeDecodingException(form.type(), Problem.TYPE_MISMATCH, "field "
                        + access.field.getDeclaringClass().getName() + "." + name + " is declared "
                        + fieldType.getName() + ", and the stream has a " + form.type().getSimpleName());
            }
            set(object, value);
        }

        private void set(Object object, Object value) throws TimeDecodingException {
            try {
                access.set(object, value);
            } catch (IllegalAccessException | RuntimeException e) {
                throw new TimeDecodingException(form.type(), Problem.TYPE_MISMATCH, "field "
                        + access.field.getDeclaringClass().getName() + "." + name + " cannot be set: " + e, e);
            }
        }
    }
}
