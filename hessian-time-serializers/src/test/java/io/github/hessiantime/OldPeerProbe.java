package io.github.hessiantime;

import com.alibaba.com.caucho.hessian.io.Hessian2Input;
import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.testsupport.ChildProtocol;
import io.github.hessiantime.testsupport.EdgeCorpus;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;

/**
 * The main class of a child JVM that plays a peer: it uses only hessian-lite's API, so it runs against whichever
 * hessian-lite jar (and, or not, hessian-time) is on its class path. It speaks test-support's line protocol:
 * <pre>
 * read EXPECTED-CLASS-OR-"-" HEX        ->  OK value CLASS TEXT  |  OK exception CLASS MESSAGE
 * write TYPE VALUE [TYPE VALUE ...]     ->  OK hex BYTES of one stream holding them all
 * load CLASS-NAME                       ->  OK loadable | OK missing
 * exit                                  ->  OK bye
 * </pre>
 */
public final class OldPeerProbe {
    public static void main(String[] args) throws Exception {
        ChildProtocol protocol = new ChildProtocol();
        protocol.line("OK ready");
        protocol.serve(words -> {
            switch (words[0]) {
                case "read":
                    return "OK " + read(words[1], words[2]);
                case "write":
                    return "OK hex " + write(words);
                case "load":
                    return "OK " + (ClassPaths.canLoad(words[1]) ? "loadable" : "missing");
                case "exit":
                    return "OK bye";
                default:
                    return "FAIL unknown command " + words[0];
            }
        }, "exit");
    }

    private static String read(String expected, String hex) {
        try {
            Hessian2Input input = new Hessian2Input(new ByteArrayInputStream(Hex.parse(hex)));
            input.setSerializerFactory(new SerializerFactory());
            Object value = expected.equals("-") ? input.readObject() : input.readObject(Class.forName(expected));
            return "value " + (value == null ? "null" : value.getClass().getName()) + " " + value;
        } catch (Throwable e) {
            return "exception " + e.getClass().getName() + " " + e.getMessage();
        }
    }

    private static String write(String[] words) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output output = new Hessian2Output(bytes);
        output.setSerializerFactory(new SerializerFactory());
        for (int i = 1; i + 1 < words.length; i += 2) {
            output.writeObject(EdgeCorpus.parse(words[i], words[i + 1]));
        }
        output.flush();
        return Hex.of(bytes.toByteArray());
    }
}
