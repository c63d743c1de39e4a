import { render, screen } from '@testing-library/react';
import { Button, theme } from 'antd';
import { ThemeProvider } from '../../../src/app/theme';
import { RuntimeTheme } from '../../../src/components/RuntimeTheme';

/** The `<style>` elements antd's CSS-in-JS wrote into the document. */
const antdStyles = () =>
  [...document.head.querySelectorAll('style')].filter((style) =>
    style.textContent?.includes('--ant-'),
  );

afterEach(() => {
  for (const style of antdStyles()) style.remove();
});

describe('ThemeProvider', () => {
  it('writes none of antd’s CSS variables into the document (the built stylesheets hold them)', () => {
    render(
      <ThemeProvider>
        <Button type="primary">Save</Button>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('ant-btn-primary');
    expect(antdStyles()).toHaveLength(0);
  });
});

describe('RuntimeTheme', () => {
  it('writes the nested theme’s styles and variables into the document (the TV’s dark theme)', () => {
    render(
      <ThemeProvider>
        <RuntimeTheme theme={{ algorithm: theme.darkAlgorithm }}>
          <Button>Exit</Button>
        </RuntimeTheme>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Exit' })).toBeInTheDocument();
    const styles = antdStyles().map((style) => style.textContent ?? '');
    // The dark theme's text colour, and the button's own rules.
    expect(styles.some((css) => css.includes('--ant-color-text:rgba(255,255,255,0.85)'))).toBe(
      true,
    );
    expect(styles.some((css) => css.includes('.ant-btn'))).toBe(true);
  });
});
