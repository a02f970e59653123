package io.github.hessiantime.hessian.inline;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import io.github.hessiantime.hessian.InlineValue;

import java.io.IOException;

/**
 * Writes one field of a bean. Every field that is not inline is written exactly as hessian-lite's own bean
 * serializers write it on both lines (the same Hessian call for each declared type), so those bytes do not change;
 * {@code InlineBeanParityTest} compares them with stock hessian-lite's.
 */
abstract class FieldWriter {
    final FieldAccess field;
    // the field's name, marked if a subclass's field hides it (BeanShape.wireName)
    final String name;

    FieldWriter(FieldAccess field, String name) {
        this.field = field;
        this.name = name;
    }

    /** The name this field has in the class definition. */
    String wireName() {
        return name;
    }

    /** Writes this field of {@code bean}. */
    void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
        writeValue(out, field.get(bean));
    }

    /** Writes {@code value}, this field's value already read (a primitive boxed), as {@link #write} writes it. */
    abstract void writeValue(Hessian2Output out, Object value) throws IOException;

    /** The writer of {@code field}, named {@code name} in the class definition (without an inline code). */
    static FieldWriter of(FieldAccess field, String name) {
        Class<?> type = field.field.getType();
        InlineValue inline = InlineValue.forDeclaredType(type);
        if (inline != null) {
            return new Inline(field, name, inline);
        }
        if (type == boolean.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeBoolean(field.getBoolean(bean));
                }

                @Override
                void writeValue(Hessian2Output out, Object value) throws IOException {
                    out.writeBoolean((Boolean) value);
                }
            };
        }
        if (type == byte.class || type == short.class || type == int.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeInt(field.getInt(bean));
                }

                @Override
                void writeValue(Hessian2Output out, Object value) throws IOException {
                    out.writeInt(((Number) value).intValue());
                }
            };
        }
        if (type == long.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeLong(field.getLong(bean));
                }

                @Override
                void writeValue(Hessian2Output out, Object value) throws IOException {
                    out.writeLong((Long) value);
                }
            };
        }
        if (type == float.class || type == double.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeDouble(field.getDouble(bean));
                }

                @Override
                void writeValue(Hessian2Output out, Object value) throws IOException {
                    out.writeDouble(((Number) value).doubleValue());
                }
            };
        }
        if (type == char.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeString(String.valueOf(field.getChar(bean)));
                }

                @Override
                void writeValue(Hessian2Output out, Object value) throws IOException {
                    out.writeString(String.valueOf((char) (Character) value));
                }
            };
        }
        if (type == String.class) {
            return new FieldWriter(field, name) {
                @Override
                void writeValue(Hessian2Output out, Object value) throws IOException {
                    out.writeString((String) value);
                }
            };
        }
        if (type == java.util.Date.class || type == java.sql.Date.class || type == java.sql.Timestamp.class
                || type == java.sql.Time.class) {
            return new FieldWriter(field, name) {
                @Override
                void writeValue(Hessian2Output out, Object value) throws IOException {
                    java.util.Date date = (java.util.Date) value;
                    if (date == null) {
                        out.writeNull();
                    } else {
                        out.writeUTCDate(date.getTime());
                    }
                }
            };
        }
        return new FieldWriter(field, name) {
            @Override
            void writeValue(Hessian2Output out, Object value) throws IOException {
                out.writeObject(value);
            }
        };
    }

    /** A java.time field written inline; its definition name carries the form, {@code "I:createdAt"}. */
    static final class Inline extends FieldWriter {
        private final InlineValue form;

        Inline(FieldAccess field, String name, InlineValue form) {
            super(field, name);
            this.form = form;
        }

        @Override
        String wireName() {
            return form.code() + InlineFields.CODE_SEPARATOR + name;
        }

        @Override
        void writeValue(Hessian2Output out, Object value) throws IOException {
            form.write(out, value);
        }
    }
}
