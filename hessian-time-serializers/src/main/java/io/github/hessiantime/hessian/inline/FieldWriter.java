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

    abstract void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException;

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
            };
        }
        if (type == byte.class || type == short.class || type == int.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeInt(field.getInt(bean));
                }
            };
        }
        if (type == long.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeLong(field.getLong(bean));
                }
            };
        }
        if (type == float.class || type == double.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeDouble(field.getDouble(bean));
                }
            };
        }
        if (type == char.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeString(String.valueOf(field.getChar(bean)));
                }
            };
        }
        if (type == String.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    out.writeString((String) field.get(bean));
                }
            };
        }
        if (type == java.util.Date.class || type == java.sql.Date.class || type == java.sql.Timestamp.class
                || type == java.sql.Time.class) {
            return new FieldWriter(field, name) {
                @Override
                void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                    java.util.Date date = (java.util.Date) field.get(bean);
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
            void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
                out.writeObject(field.get(bean));
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
        void write(Hessian2Output out, Object bean) throws IOException, IllegalAccessException {
            form.write(out, field.get(bean));
        }
    }
}
