package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.testsupport.ChildProtocol;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The child JVM of {@code HostileBeansChildJvmTest} ({@link ChildProtocol}): decodes hostile variants of pages of
 * {@link HostileDtos} and reports what came back. Each variant is a valid page with a back reference ({@code Q} and a
 * small index) written over or into it at one offset, every offset in turn, or with one byte flipped. Every bean that
 * comes back is checked by reflection for a field holding an object its declared type cannot hold; with {@code touch}
 * every field is then called through its declared type, as service code would: a wrong value there crashes this JVM,
 * which is why it runs in a child.
 *
 * <p>Command {@code definition <count>}: reads a class definition claiming {@code count} fields; answer
 * {@code OK thrown=<class>}. Command: {@code run <codec> <touch|count> <pages>}; answer {@code OK decodes= built= refused= wrongTyped=
 * runtime= runtimeOurs= errors= example=}. Codecs: {@code inline}, {@code compatible} (hessian-time's plain factories)
 * and {@code stock} (hessian-lite's own factory: count only), or a class name implementing {@link Codec} (the Dubbo
 * serializations, from the glue tests).
 */
public final class HostileBeansProbe {
    /** One way of writing and reading a message. */
    public interface Codec {
        byte[] write(Object value) throws Exception;

        Object read(byte[] bytes) throws Exception;
    }

    private HostileBeansProbe() {
    }

    public static void main(String[] args) throws Exception {
        ChildProtocol protocol = new ChildProtocol();
        protocol.line("OK ready");
        protocol.serve(HostileBeansProbe::execute, "exit");
    }

    private static String execute(String[] command) throws Exception {
        if (command[0].equals("exit")) {
            return "OK bye";
        }
        if (command[0].equals("definition")) {
            return definition(Integer.parseInt(command[1]));
        }
        if (!command[0].equals("run")) {
            return "FAIL unknown command " + command[0];
        }
        Codec codec = codec(command[1]);
        boolean touch = command[2].equals("touch");
        int pages = Integer.parseInt(command[3]);
        Tally tally = new Tally();
        for (int seed = 0; seed < pages; seed++) {
            byte[] page = codec.write(HostileDtos.page(seed, true));   // the child JVM opens java.base
            for (byte[] variant : variants(page, new Random(seed))) {
                tally.decode(codec, variant, touch);
            }
        }
        return "OK " + tally;
    }

    /** Reads a class definition of hessian-lite's map reader that claims {@code count} fields: what was thrown. */
    private static String definition(int count) {
        byte[] stream = new CraftedStream().raw('C').string("java.util.HashMap").value(count).bytes();
        try {
            Hessian.readOne(JavaTimeSerializerFactory.compactInline().newSerializerFactory(), stream);
            return "OK thrown=none";
        } catch (Throwable e) {
            // an OutOfMemoryError too: what hessian-lite 3.2.x does with the count, survived by this JVM
            return "OK thrown=" + e.getClass().getName();
        }
    }

    private static Codec codec(String name) throws Exception {
        switch (name) {
            case "inline":
                return factory(JavaTimeSerializerFactory.compactInline().newSerializerFactory());
            case "compatible":
                return factory(JavaTimeSerializerFactory.compatible().newSerializerFactory());
            case "stock":
                return factory(new SerializerFactory());
            default:
                return (Codec) Class.forName(name).getDeclaredConstructor().newInstance();
        }
    }

    private static Codec factory(SerializerFactory factory) {
        return new Codec() {
            @Override
            public byte[] write(Object value) {
                return Hessian.write(factory, value);
            }

            @Override
            public Object read(byte[] bytes) throws IOException {
                Hessian2Input in = new Hessian2Input(new ByteArrayInputStream(bytes));
                in.setSerializerFactory(factory);
                return in.readObject();
            }
        };
    }

    /** The hostile variants of one valid message. */
    static List<byte[]> variants(byte[] valid, Random random) {
        List<byte[]> variants = new ArrayList<>();
        for (int at = 1; at < valid.length - 1; at++) {
            for (int ref = 0; ref < 6; ref++) {
                byte[] over = valid.clone();
                over[at] = 'Q';
                over[at + 1] = (byte) (0x90 + ref);
                variants.add(over);
                byte[] into = new byte[valid.length + 2];
                System.arraycopy(valid, 0, into, 0, at);
                into[at] = 'Q';
                into[at + 1] = (byte) (0x90 + ref);
                System.arraycopy(valid, at, into, at + 2, valid.length - at);
                variants.add(into);
            }
            byte[] flipped = valid.clone();
            flipped[at] ^= (byte) (1 + random.nextInt(255));
            variants.add(flipped);
        }
        return variants;
    }

    private static final class Tally {
        int decodes;
        int built;
        int refused;
        int wrongTyped;
        int runtime;
        int runtimeOurs;
        int errors;
        String example = "-";

        void decode(Codec codec, byte[] variant, boolean touch) {
            decodes++;
            Object value;
            try {
                value = codec.read(variant);
            } catch (IOException | ClassNotFoundException e) {
                refused++;
                return;
            } catch (RuntimeException e) {
                runtime++;
                if (thrownByHessianTime(e)) {
                    runtimeOurs++;
                    example = ChildProtocol.oneLine(e.toString()).replace(' ', '_');
                } else if (System.getProperty("hostile.debug") != null) {
                    e.printStackTrace();
                }
                return;
            } catch (Exception e) {
                refused++;
                return;
            } catch (StackOverflowError | OutOfMemoryError e) {
                errors++;
                return;
            }
            built++;
            List<String> wrong = HostileDtos.wrongTypedFields(value);
            if (!wrong.isEmpty()) {
                wrongTyped++;
                example = wrong.get(0).replace(' ', '_');
                return;     // never touched: that is the crash
            }
            if (touch) {
                HostileDtos.touchAll(value);
            }
        }

        private static boolean thrownByHessianTime(Throwable e) {
            for (StackTraceElement frame : e.getStackTrace()) {
                if (frame.getClassName().startsWith("io.github.hessiantime.hessian")
                        || frame.getClassName().startsWith("io.github.hessiantime.dubbo.Hessian2Time")) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return "decodes=" + decodes + " built=" + built + " refused=" + refused + " wrongTyped=" + wrongTyped
                    + " runtime=" + runtime + " runtimeOurs=" + runtimeOurs + " errors=" + errors + " example="
                    + example;
        }
    }
}
