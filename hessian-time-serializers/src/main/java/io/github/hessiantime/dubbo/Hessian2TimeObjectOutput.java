package io.github.hessiantime.dubbo;

import com.alibaba.com.caucho.hessian.io.Hessian2Output;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import io.github.hessiantime.JavaTimeSerializerFactory;
import io.github.hessiantime.hessian.ser.Hessian2OutputPool;
import io.github.hessiantime.hessian.ser.TimeFirstHessian2Output;
import org.apache.dubbo.common.serialize.Cleanable;
import org.apache.dubbo.common.serialize.ObjectOutput;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The {@code hessian2-time} writer: what Dubbo's {@code Hessian2ObjectOutput} does, call for call, except that the
 * Hessian stream asks hessian-time for java.time values first ({@code JavaTimeSerializerFactory.newHessian2Output}).
 * Dubbo's own class builds its {@code Hessian2Output} itself, so it cannot be reused for that.
 *
 * <p>With stream reuse on (the default; {@value StreamReuseSetting#KEY}), the stream comes from the factory's
 * {@link Hessian2OutputPool} and goes back to it in {@link #flushBuffer()}, the one call that ends every message Dubbo
 * writes (its codecs, Triple's and injvm's copies write, then call {@code flushBuffer()} once). {@code cleanup()} cannot
 * be the signal: Dubbo wraps this object in a proxy that is not {@code Cleanable}, so it never reaches us. A message
 * that fails before {@code flushBuffer()} keeps its stream, which the garbage collector takes with this object. Once the
 * stream has gone back, a write on this object is an {@code IOException} saying so: a new stream could not continue
 * the message (its class definitions and references would be numbered from 0 again), and a misread is worse.
 */
final class Hessian2TimeObjectOutput implements ObjectOutput, Cleanable {
    // null once flushBuffer() has given a pooled stream back
    private Hessian2Output out;
    // where out goes back, or null: a stream of its own (reuse off)
    private final Hessian2OutputPool pool;

    /** A new stream for this message alone, as with the Dubbo property {@value StreamReuseSetting#KEY}=false. */
    Hessian2TimeObjectOutput(OutputStream stream, SerializerFactory factory, JavaTimeSerializerFactory time) {
        this.out = time.newHessian2Output(stream);
        this.out.setSerializerFactory(factory);
        this.pool = null;
    }

    /** A stream of {@code pool}, returned to it by {@link #flushBuffer()}. */
    Hessian2TimeObjectOutput(OutputStream stream, Hessian2OutputPool pool) {
        this.out = pool.take(stream);
        this.pool = pool;
    }

    private Hessian2Output out() throws IOException {
        Hessian2Output stream = out;
        if (stream == null) {
            throw new IOException("hessian2-time: written after flushBuffer() ended the message and its stream went "
                    + "back for reuse; write the whole message before flushBuffer(), or set the Dubbo property "
                    + StreamReuseSetting.KEY + "=false");
        }
        return stream;
    }

    @Override
    public void writeBool(boolean v) throws IOException {
        out().writeBoolean(v);
    }

    @Override
    public void writeByte(byte v) throws IOException {
        out().writeInt(v);
    }

    @Override
    public void writeShort(short v) throws IOException {
        out().writeInt(v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        out().writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        out().writeLong(v);
    }

    @Override
    public void writeFloat(float v) throws IOException {
        out().writeDouble(v);
    }

    @Override
    public void writeDouble(double v) throws IOException {
        out().writeDouble(v);
    }

    @Override
    public void writeBytes(byte[] b) throws IOException {
        out().writeBytes(b);
    }

    @Override
    public void writeBytes(byte[] b, int off, int len) throws IOException {
        out().writeBytes(b, off, len);
    }

    @Override
    public void writeUTF(String v) throws IOException {
        out().writeString(v);
    }

    @Override
    public void writeObject(Object obj) throws IOException {
        out().writeObject(obj);
    }

    // Ends the message. A stream whose output stream throws here is not given back: nothing of a failed message is
    // reused.
    @Override
    public void flushBuffer() throws IOException {
        Hessian2Output stream = out;
        if (stream == null) {
            return;
        }
        stream.flushBuffer();
        if (pool != null) {
            out = null;
            pool.giveBack((TimeFirstHessian2Output) stream);
        }
    }

    @Override
    public void cleanup() {
        if (out != null) {
            out.reset();
        }
    }
}
