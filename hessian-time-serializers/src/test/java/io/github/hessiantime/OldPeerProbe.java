package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The main class of a child JVM that plays a peer: it uses only hessian-lite's API, so it runs against whichever
 * hessian-lite jar (and, or not, hessian-time) is on its class path. One command per input line, one answer line:
 * <pre>
 * read  TAB expected-class-or-"-" TAB hex   ->  value TAB class TAB toString  |  exception TAB class TAB message
 * write TAB type TAB value [TAB type TAB value ...]   ->  hex TAB bytes of one stream holding them all
 * load  TAB class-name                       ->  loadable | missing
 * </pre>
 */
public final class OldPeerProbe {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, true, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.split("\t");
            try {
                switch (parts[0]) {
                    case "read":
                        out.println(read(parts[1], parts[2]));
                        break;
                    case "write":
                        out.println("hex\t" + write(parts));
                        break;
                    case "load":
                        out.println(loadable(parts[1]) ? "loadable" : "missing");
                        break;
                    default:
                        out.println("error\tunknown command " + parts[0]);
                }
            } catch (Throwable e) {
                out.println("error\t" + e.getClass().getName() + "\t" + oneLine(e.getMessage()));
            }
        }
    }

    private static String read(String expected, String hex) {
        try {
            Hessian2Input input = new Hessian2Input(new ByteArrayInputStream(Hex.parse(hex)));
            input.setSerializerFactory(new SerializerFactory());
            Object value = expected.equals("-") ? input.readObject() : input.readObject(Class.forName(expected));
            return "value\t" + (value == null ? "null" : value.getClass().getName()) + "\t" + oneLine(String.valueOf(value));
        } catch (Throwable e) {
            return "exception\t" + e.getClass().getName() + "\t" + oneLine(e.getMessage());
        }
    }

    private static String write(String[] parts) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output output = new Hessian2Output(bytes);
        output.setSerializerFactory(new SerializerFactory());
        for (int i = 1; i + 1 < parts.length; i += 2) {
            output.writeObject(EdgeCorpus.parse(parts[i], parts[i + 1]));
        }
        output.flush();
        return Hex.of(bytes.toByteArray());
    }

    private static boolean loadable(String name) {
        try {
            Class.forName(name);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static String oneLine(String text) {
        return text == null ? "" : text.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
    }
}
