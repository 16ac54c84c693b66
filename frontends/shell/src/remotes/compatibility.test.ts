import { mismatches, satisfies } from './compatibility';

describe('satisfies', () => {
  it.each([
    ['19.2.0', '^19.1.0', true],
    ['19.1.0', '^19.1.0', true],
    ['19.0.9', '^19.1.0', false],
    ['18.3.1', '^19.1.0', false],
    ['20.0.0', '^19.1.0', false],
    ['0.1.7', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['7.9.4', '~7.9.0', true],
    ['7.10.0', '~7.9.0', false],
    ['5.90.2', '>=5.90.0 <6', true],
    ['6.0.0', '>=5.90.0 <6', false],
    ['18.3.1', '^17.0.0 || ^18.0.0', true],
    ['19.0.0-rc.1', '^19.0.0', true],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.9.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['3.1.4', '*', true],
    ['not-a-version', '*', false],
  ])('%s in %s: %p', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});

describe('mismatches', () => {
  const shell = { react: '^19.1.0', 'react-dom': '^19.1.0', '@tanstack/react-query': '^5.90.0', '@smista/ui-kit': '^0.1.0' };

  it('names each singleton the remote was built with outside the shell’s range', () => {
    expect(mismatches({ react: '18.3.1', 'react-dom': '18.3.1', '@tanstack/react-query': '5.90.2', '@smista/ui-kit': '0.1.0' }, shell)).toEqual([
      { name: 'react', version: '18.3.1', range: '^19.1.0' },
      { name: 'react-dom', version: '18.3.1', range: '^19.1.0' },
    ]);
  });

  it('accepts a remote inside every range, and one that does not share a singleton', () => {
    expect(mismatches({ react: '19.2.0', 'react-dom': '19.2.0', '@tanstack/react-query': '5.91.0', '@smista/ui-kit': '0.1.0' }, shell)).toEqual([]);
    expect(mismatches({ react: '19.2.0' }, shell)).toEqual([]);
  });
});
